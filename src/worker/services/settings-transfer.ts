/** Settings in and out as a document: export, and import (or copy from another server) with a dry run first. */
import type { z } from 'zod';
import {
  applySettingChange,
  fieldKind,
  missingRequiredFields,
  moduleProblem,
  parseSettingUpdate,
  isSectionName,
  type SettingsValues,
  type SettingUpdate,
} from '../../shared/settings/index';
import { fieldLabel, moduleTitle, requirementNames, type SectionName } from '../../shared/settings/registry';
import {
  SETTINGS_DOCUMENT_FORMAT,
  SETTINGS_DOCUMENT_VERSION,
  type settingsImportSchema,
  type SettingsDocument,
  type SettingsImportChange,
  type SettingsImportResponse,
  type SettingsImportSkip,
} from '../../shared/settings/transfer';
import { toBase64Url } from '../../shared/base64url';
import { allReads, runReads } from '../db/batch';
import { sectionRowsRead, withoutKeys, type SectionRows } from '../db/section-rows';
import { keysChangedBy, readGuildSettings, writeGuildSettings } from '../db/settings';
import { lastChangeIn } from '../db/settings-last-change';
import { ApiError, SettingConflictError } from '../errors';
import type { ActiveSession } from '../hono-env';
import { referenceProblem, references } from './guild-references';
import { loadGuildView, lookAgain, rememberAllMissing, type GuildView } from './guild-view';
import { announceChanges, liveAuthor, type LiveOrigin } from './live';
import { requireGuildAccess } from './servers';
import { guildSettingsRead, MODULE_RULE_ATTEMPTS } from './settings';

/** Anyone who may read a server's settings may export them (and so copy them to a server they can write). */
export async function exportSettings(env: Env, session: ActiveSession, serverID: string): Promise<SettingsDocument> {
  const { guild } = await requireGuildAccess(env, session, serverID, 'read');
  const settings = await readGuildSettings(env.DB, guild.id);
  return {
    format: SETTINGS_DOCUMENT_FORMAT,
    version: SETTINGS_DOCUMENT_VERSION,
    exportedAt: new Date().toISOString(),
    source: { serverID: guild.id, name: guild.name },
    settings,
  };
}

/** One key an import writes (a message link's channel is one of its own). */
type ImportWrite = Pick<SettingUpdate, 'section' | 'key' | 'value'>;

interface ImportPlan {
  updates: ImportWrite[];
  changes: SettingsImportChange[];
  skipped: SettingsImportSkip[];
  /** The roles, channels and emoji names skipped because this view of the guild lacks them (or will not take them). */
  unfound: string[];
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const stored = (values: SettingsValues, section: SectionName, key: string) => (values[section] as Record<string, unknown>)[key];

/**
 * The keys a document's key writes, as a save of it would: itself and its companions. A message link's channel
 * comes with it, over any channel the document names. A bare message id clears the channel only when it changes
 * the message and the document names no channel of its own (that one is checked as its own key).
 */
function keysOf(update: SettingUpdate, entries: Record<string, unknown>, current: SettingsValues): ImportWrite[] {
  const { section, key, value, companions } = update;
  const linked = companions.some((companion) => companion.value !== null);
  const newMessage = !sameValue(stored(current, section, key), value);
  const carried = linked ? companions : companions.filter((companion) => newMessage && !Object.hasOwn(entries, companion.key));
  return [{ section, key, value }, ...carried.map((companion) => ({ section, key: companion.key, value: companion.value }))];
}

/** The key a message link in the same module already sets (its channel), with the label of the link's field. */
function setByLink(section: SectionName, key: string, links: readonly SettingUpdate[]): { label: string; value: unknown } | null {
  for (const link of links) {
    const companion = link.companions.find((candidate) => candidate.key === key && candidate.value !== null);
    if (companion) return { label: fieldLabel(section, link.key), value: companion.value };
  }
  return null;
}

/**
 * A module's keys parsed like saves, each refused one skipped with its reason. A channel the document names where a
 * message link of the module names the message's own is left to the link: dropped when the same, skipped when not.
 */
function parsedKeys(serverID: string, section: SectionName, entries: Record<string, unknown>, skipped: SettingsImportSkip[]): SettingUpdate[] {
  const updates: SettingUpdate[] = [];
  for (const [key, value] of Object.entries(entries)) {
    const parsed = parseSettingUpdate({ serverID, section, key, value });
    if (parsed.ok) updates.push(parsed.update);
    else skipped.push({ section, key, reason: parsed.message });
  }
  return updates.filter((update) => {
    const link = setByLink(section, update.key, updates);
    if (link === null || sameValue(link.value, update.value)) return link === null;
    skipped.push({ section, key: update.key, reason: `The message link of ${link.label} names the message's channel: that one is taken instead.` });
    return false;
  });
}

/** Every key of the document checked like a save: what would change, and what is left out and why. */
function planImport(serverID: string, current: SettingsValues, document: SettingsDocument['settings'], view: GuildView): ImportPlan {
  const plan: ImportPlan = { updates: [], changes: [], skipped: [], unfound: [] };
  for (const [section, entries] of Object.entries(document)) {
    if (!isSectionName(section)) {
      plan.skipped.push({ section, key: '*', reason: `'${section}' is not a module of this dashboard.` });
      continue;
    }
    for (const update of parsedKeys(serverID, section, entries, plan.skipped)) {
      const writes = keysOf(update, entries, current);
      // A link whose channel is refused is refused whole, as its save would be.
      const refused = writes.flatMap((write) => {
        const kind = fieldKind(section, write.key);
        const problem = referenceProblem(kind, write.value, view, serverID);
        return problem === null ? [] : [{ problem, ids: references(kind, write.value).map((reference) => reference.value) }];
      });
      const [first] = refused;
      if (first) {
        plan.skipped.push({ section, key: update.key, reason: sentence(first.problem.replace(/^value: /, '')) });
        plan.unfound.push(...refused.flatMap(({ ids }) => ids));
      } else plan.updates.push(...writes.filter((write) => !sameValue(stored(current, section, write.key), write.value)));
    }
  }
  return withSwitchesThatCanTurnOn(plan, current);
}

/** A module switched on by the import needs its required fields set once the rest of the import is in. */
function withSwitchesThatCanTurnOn(plan: ImportPlan, current: SettingsValues): ImportPlan {
  const after = plan.updates.reduce((values, u) => applySettingChange(values, u.section, u.key, u.value), current);
  const updates: ImportWrite[] = [];
  const skipped = [...plan.skipped];
  for (const update of plan.updates) {
    const broken = moduleProblem(update.section, after[update.section]);
    if (broken !== null) {
      skipped.push({ section: update.section, key: update.key, reason: sentence(broken) });
      continue;
    }
    const missing = update.key === 'enabled' && update.value === true ? missingRequiredFields(update.section, after[update.section]) : [];
    if (missing.length > 0) {
      skipped.push({
        section: update.section,
        key: update.key,
        reason: `${moduleTitle(update.section)} cannot be turned on until ${requirementNames(update.section, missing)} is set.`,
      });
    } else updates.push(update);
  }
  // Fields before switches: in the one transaction, a switch's condition then sees its fields.
  updates.sort((a, b) => Number(a.key === 'enabled') - Number(b.key === 'enabled'));
  const changes = updates.map(({ section, key, value }) => ({ section, key, from: stored(current, section, key), to: value }));
  return { updates, changes, skipped, unfound: plan.unfound };
}

/** The modules of the document this dashboard has, in a fixed order: what an import reads and may write. */
const sectionsOf = (document: SettingsDocument['settings']) => Object.keys(document).filter(isSectionName).sort();

/**
 * A short digest of the stored values of every module the document touches: the dry run answers it, and the
 * apply that sends it back is refused when it differs. Whole modules, since a switch's rule reads its fields.
 */
async function fingerprintOf(current: SettingsValues, sections: readonly SectionName[]): Promise<string> {
  const text = JSON.stringify(sections.map((section) => [section, current[section]]));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toBase64Url(new Uint8Array(digest).slice(0, 16));
}

/**
 * The rows of each module the plan writes, but the keys it writes, as they were when it was made: the import's
 * writes require them unchanged, so a save of another field meanwhile cannot slip under the plan's checks.
 */
function rowsPlannedOn(plan: ImportPlan, reads: readonly SectionRows[]): SectionRows[] {
  return reads.flatMap((read) => {
    const writes = plan.updates.filter((update) => update.section === read.section);
    return writes.length === 0 ? [] : [withoutKeys(read, writes.flatMap(keysChangedBy))];
  });
}

/**
 * The plan against today's settings and guild. Before a role or channel is skipped (it may have been made just now),
 * the guild is looked at once more through the gate a save goes through: ids Discord denied a moment ago cost
 * nothing, and the whole import costs one of the user's look-ups, whatever the number of ids it names.
 */
async function currentPlan(env: Env, userId: string, guildId: string, document: SettingsDocument['settings']) {
  const sections = sectionsOf(document);
  const rowsRead = allReads(sections.map((section) => sectionRowsRead(env.DB, guildId, section, [])));
  const [[current, rows], cachedView] = await Promise.all([
    runReads(env.DB, [guildSettingsRead(env.DB, guildId), rowsRead]),
    loadGuildView(env, guildId, { viewer: userId }),
  ]);
  let plan = planImport(guildId, current, document, cachedView.value);
  const freshView = plan.unfound.length === 0 ? null : await lookAgain(env, userId, guildId, plan.unfound);
  if (freshView !== null) {
    plan = planImport(guildId, current, document, freshView.value);
    await rememberAllMissing(env, guildId, plan.unfound);
  }
  return { plan, fingerprint: await fingerprintOf(current, sections), plannedOn: rowsPlannedOn(plan, rows) };
}

const importChangedMeanwhile = () =>
  new ApiError(409, 'CHANGED_MEANWHILE', 'These settings kept changing while they were imported. Nothing was imported; please try again.');

/**
 * Checks a document against this server (its roles and channels, the toggle rules) and, unless it is a dry
 * run, writes every change in one transaction. References to roles or channels this server does not have
 * are skipped with a reason, never applied. With `expected` (the dry run's fingerprint) an apply is a 409
 * CONFLICT carrying the new dry run when the modules it touches changed since. The write requires the modules
 * it changes as the plan saw them: when another change came between, the import is planned again on the new
 * settings (so with `expected`, a CONFLICT), and after MODULE_RULE_ATTEMPTS such changes it is a 409
 * CHANGED_MEANWHILE. Either way nothing is written.
 */
export async function importSettings(
  env: Env,
  session: ActiveSession,
  { serverID, document, dryRun, expected }: z.output<typeof settingsImportSchema>,
  live: LiveOrigin,
): Promise<SettingsImportResponse> {
  const { guild } = await requireGuildAccess(env, session, serverID, 'write');
  for (let attempt = 1; attempt <= MODULE_RULE_ATTEMPTS; attempt += 1) {
    const { plan, fingerprint, plannedOn } = await currentPlan(env, session.user.id, guild.id, document.settings);
    const preview = { changes: plan.changes, skipped: plan.skipped, applied: false, fingerprint };
    if (dryRun) return preview;
    if (expected !== undefined && expected !== fingerprint) {
      const last = await lastChangeIn(env.DB, guild.id, sectionsOf(document.settings));
      throw new SettingConflictError((who) => `${who ?? 'Someone'} changed these settings since the preview. Nothing was imported.`, preview, last);
    }
    const applied = await applyPlan(env, session, guild.id, plan, plannedOn, live);
    if (applied !== 'changed') return { ...applied, fingerprint };
  }
  throw importChangedMeanwhile();
}

/** Writes a plan, if the modules it changes are still as it saw them, and tells the guild's open pages. */
async function applyPlan(env: Env, session: ActiveSession, guildId: string, plan: ImportPlan, plannedOn: readonly SectionRows[], live: LiveOrigin) {
  const now = Date.now();
  const userName = session.user.global_name ?? session.user.username;
  const written = await writeGuildSettings(
    env.DB,
    plan.updates.map(({ section, key, value }) => ({ guildId, section, key, value, userId: session.user.id, userName, now })),
    plannedOn,
  );
  if (written === 'changed') return written;
  announceChanges(
    env,
    live,
    guildId,
    'import',
    liveAuthor(session),
    now,
    written.map(({ section, key, value }) => ({ section, key, value })),
  );
  // Each switch the plan turns on has its fields: written by the plan, or among the rows required unchanged.
  return { changes: plan.changes, skipped: plan.skipped, applied: true };
}
