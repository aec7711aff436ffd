/**
 * The addresses of a server's settings: `/server/{id}` is its overview, `/server/{id}/{module}` one module,
 * named by its title as a person reads it (`anti-nuke`, `welcome-message`, `disabled-commands`).
 */
import { moduleTitle, SECTION_NAMES, type SectionName } from './registry';

export const moduleSlug = (section: SectionName): string =>
  moduleTitle(section)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const SECTION_BY_SLUG: ReadonlyMap<string, SectionName> = new Map(SECTION_NAMES.map((section) => [moduleSlug(section), section]));
// The registry's own names (`antinuke`, `serverDisabledCommands`), as the API and the audit spell them, lead to the same page.
const SECTION_BY_NAME: ReadonlyMap<string, SectionName> = new Map(SECTION_NAMES.map((section) => [section.toLowerCase(), section]));

/** The module a path segment names exactly, or null. */
export const sectionOfSlug = (slug: string): SectionName | null => SECTION_BY_SLUG.get(slug) ?? null;

/** The one spelling of a module segment as sent (`Logs`, `antinuke`, `ANTI%2DNUKE` → `logs`, `anti-nuke`), or null for no module. */
export function canonicalModuleSlug(segment: string): string | null {
  let lower: string;
  try {
    lower = decodeURIComponent(segment).toLowerCase();
  } catch {
    return null;
  }
  const section = SECTION_BY_SLUG.get(lower) ?? SECTION_BY_NAME.get(lower);
  return section === undefined ? null : moduleSlug(section);
}

/** The document title of a server's overview ("Kenji Lounge | ServerManager") or of one of its modules ("Reaction Role · Kenji Lounge | …"). */
export const serverSettingsTitle = (serverName: string, section: SectionName | null): string =>
  `${section ? `${moduleTitle(section)} · ` : ''}${serverName} | ServerManager`;

/** A server's overview, or one of its modules. */
export const serverSettingsPath = (serverId: string, section?: SectionName | null): string =>
  section ? `/server/${serverId}/${moduleSlug(section)}` : `/server/${serverId}`;

/**
 * `?enable=1` on a module's address: its switch was turned on while a field it needs was missing, so the
 * module turns on as soon as that field is saved. In the address, the intent survives a reload.
 */
export const ENABLE_INTENT_PARAM = 'enable';
