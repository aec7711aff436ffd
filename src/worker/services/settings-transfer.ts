/** Settings in and out as a document: export, and import (or copy from another server) with a dry run first. */
import type { z } from 'zod';
import { applySettingChange, missingRequiredFields, parseSettingUpdate, isSectionName, type SettingsValues, type SettingUpdate } from '../../shared/settings';
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
import { readGuildSettings, writeGuildSettings } from '../db/settings';
import type { ActiveSession } from '../hono-env';
import { loadGuildView, referenceProblem, type GuildView } from './guild-view';
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
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const stored = (values: SettingsValues, section: SectionName, key: string) => (values[section] as Record<string, unknown>)[key];

/** Every key of the document checked like a save: what would change, and what is left out and why. */
function planImport(serverID: string, current: SettingsValues, document: SettingsDocument['settings'], view: GuildView): ImportPlan {
  const plan: ImportPlan = { updates: [], changes: [], skipped: [] };
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
      if (problem !== null) plan.skipped.push({ section, key, reason: sentence(problem.replace(/^value: /, '')) });
      else if (!sameValue(stored(current, section, key), parsed.update.value)) plan.updates.push(parsed.update);
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
  return { updates, changes, skipped };
}

/**
 * Checks a document against this server (its roles and channels, the toggle rules) and, unless it is a dry
 * run, writes every change in one transaction. References to roles or channels this server does not have
 * are skipped with a reason, never applied.
 */
export async function importSettings(
  env: Env,
  session: ActiveSession,
  { serverID, document, dryRun }: z.output<typeof settingsImportSchema>,
): Promise<SettingsImportResponse> {
  const { guild } = await requireGuildAccess(env, session, serverID, 'write');
  const [current, cachedView] = await Promise.all([readGuildSettings(env.DB, guild.id), loadGuildView(env, guild.id)]);
  let plan = planImport(guild.id, current, document.settings, cachedView);
  // A role or channel made a moment ago may be missing from the cached view: look once more before skipping.
  if (plan.skipped.some((skip) => skip.reason.includes('does not exist')))
    plan = planImport(guild.id, current, document.settings, await loadGuildView(env, guild.id, { fresh: true }));
  if (dryRun) return { changes: plan.changes, skipped: plan.skipped, applied: false };

  const now = Date.now();
  const userName = session.user.global_name ?? session.user.username;
  const written = await writeGuildSettings(
    env.DB,
    plan.updates.map(({ section, key, value }) => ({ guildId: guild.id, section, key, value, userId: session.user.id, userName, now })),
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
  };
}
