/** Settings in and out as a document: export, and import (or copy from another server) with a dry run first. */
import type { z } from 'zod';
import {
  applySettingChange,
  missingRequiredFields,
  moduleProblem,
  parseSettingUpdate,
  isSectionName,
  type SettingsValues,
  type SettingUpdate,
} from '../../shared/settings';
import { moduleTitle, requirementNames, type SectionName } from '../../shared/settings-registry';
import {
  SETTINGS_DOCUMENT_FORMAT,
  SETTINGS_DOCUMENT_VERSION,
  type settingsImportSchema,
  type SettingsDocument,
  type SettingsImportChange,
  type SettingsImportResponse,
  type SettingsImportSkip,
} from '../../shared/settings-transfer';
import { toBase64Url } from '../../shared/base64url';
import { lastChangeIn, readGuildSettings, writeGuildSettings } from '../db/settings';
import { SettingConflictError } from '../errors';
import type { ActiveSession } from '../hono-env';
import { loadGuildView, lookAgain, referenceProblem, references, rememberAllMissing, type GuildView } from './guild-view';
import { announceChanges, liveAuthor, type LiveOrigin } from './live';
import { requireGuildAccess } from './servers';

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

interface ImportPlan {
  updates: SettingUpdate[];
  changes: SettingsImportChange[];
  skipped: SettingsImportSkip[];
  /** The roles, channels and emoji names skipped because this view of the guild lacks them (or will not take them). */
  unfound: string[];
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const stored = (values: SettingsValues, section: SectionName, key: string) => (values[section] as Record<string, unknown>)[key];

/** Every key of the document checked like a save: what would change, and what is left out and why. */
function planImport(serverID: string, current: SettingsValues, document: SettingsDocument['settings'], view: GuildView): ImportPlan {
  const plan: ImportPlan = { updates: [], changes: [], skipped: [], unfound: [] };
  for (const [section, entries] of Object.entries(document)) {
    if (!isSectionName(section)) {
      plan.skipped.push({ section, key: '*', reason: `'${section}' is not a module of this dashboard.` });
      continue;
    }
    for (const [key, value] of Object.entries(entries)) {
      const parsed = parseSettingUpdate({ serverID, section, key, value });
      if (!parsed.ok) {
        plan.skipped.push({ section, key, reason: parsed.message });
        continue;
      }
      const problem = referenceProblem(parsed.update.kind, parsed.update.value, view, serverID);
      if (problem !== null) {
        plan.skipped.push({ section, key, reason: sentence(problem.replace(/^value: /, '')) });
        plan.unfound.push(...references(parsed.update.kind, parsed.update.value).map((reference) => reference.value));
      } else if (!sameValue(stored(current, section, key), parsed.update.value)) plan.updates.push(parsed.update);
    }
  }
  return withSwitchesThatCanTurnOn(plan, current);
}

/** A module switched on by the import needs its required fields set once the rest of the import is in. */
function withSwitchesThatCanTurnOn(plan: ImportPlan, current: SettingsValues): ImportPlan {
  const after = plan.updates.reduce((values, u) => applySettingChange(values, u.section, u.key, u.value), current);
  const updates: SettingUpdate[] = [];
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
 * The plan against today's settings and guild. Before a role or channel is skipped (it may have been made just now),
 * the guild is looked at once more through the gate a save goes through: ids Discord denied a moment ago cost
 * nothing, and the whole import costs one of the user's look-ups, whatever the number of ids it names.
 */
async function currentPlan(env: Env, userId: string, guildId: string, document: SettingsDocument['settings']) {
  const [current, cachedView] = await Promise.all([readGuildSettings(env.DB, guildId), loadGuildView(env, guildId, { viewer: userId })]);
  let plan = planImport(guildId, current, document, cachedView.value);
  const freshView = plan.unfound.length === 0 ? null : await lookAgain(env, userId, guildId, plan.unfound);
  if (freshView !== null) {
    plan = planImport(guildId, current, document, freshView.value);
    await rememberAllMissing(env, guildId, plan.unfound);
  }
  return { plan, fingerprint: await fingerprintOf(current, sectionsOf(document)) };
}

/**
 * Checks a document against this server (its roles and channels, the toggle rules) and, unless it is a dry
 * run, writes every change in one transaction. References to roles or channels this server does not have
 * are skipped with a reason, never applied. With `expected` (the dry run's fingerprint) an apply is a 409
 * CONFLICT carrying the new dry run when the modules it touches changed since.
 */
export async function importSettings(
  env: Env,
  session: ActiveSession,
  { serverID, document, dryRun, expected }: z.output<typeof settingsImportSchema>,
  live: LiveOrigin,
): Promise<SettingsImportResponse> {
  const { guild } = await requireGuildAccess(env, session, serverID, 'write');
  const { plan, fingerprint } = await currentPlan(env, session.user.id, guild.id, document.settings);
  const preview = { changes: plan.changes, skipped: plan.skipped, applied: false, fingerprint };
  if (dryRun) return preview;
  if (expected !== undefined && expected !== fingerprint) {
    const last = await lastChangeIn(env.DB, guild.id, sectionsOf(document.settings));
    throw new SettingConflictError((who) => `${who ?? 'Someone'} changed these settings since the preview. Nothing was imported.`, preview, last);
  }

  const now = Date.now();
  const userName = session.user.global_name ?? session.user.username;
  const written = await writeGuildSettings(
    env.DB,
    plan.updates.map(({ section, key, value }) => ({ guildId: guild.id, section, key, value, userId: session.user.id, userName, now })),
  );
  announceChanges(
    env,
    live,
    guild.id,
    'import',
    liveAuthor(session),
    now,
    written.map(({ section, key, value }) => ({ section, key, value })),
  );
  // A switch whose fields were cleared by someone else meanwhile did not turn on: say so rather than claim it.
  const refused = plan.updates.filter((u) => !written.some((w) => w.section === u.section && w.key === u.key));
  return {
    changes: plan.changes.filter((c) => !refused.some((r) => r.section === c.section && r.key === c.key)),
    skipped: [
      ...plan.skipped,
      ...refused.map(({ section, key }) => ({
        section,
        key,
        reason: `${moduleTitle(section)} could not be turned on: its required fields changed meanwhile.`,
      })),
    ],
    applied: true,
    fingerprint,
  };
}
