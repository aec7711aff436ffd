/** Per-server bot settings: who may read and change them, the checks against the guild, and the answers. */
import {
  applySettingChange,
  fieldKind,
  missingRequiredFields,
  moduleProblem,
  type SettingsValues,
  type LicenceState,
  parseSettingUpdate,
  type ServerSettingsResponse,
  type SettingsAuditQuery,
  type SettingsAuditResponse,
  type SettingsRevert,
  type SettingUpdate,
} from '../../shared/settings/index';
import type { BotGuildResponse, BotSettingWrite } from '../../shared/bot-api';
import type { LiveChangeSource } from '../../shared/live';
import type { AccessDenial } from '../../shared/server-access';
import { fieldLabel, moduleSpec, moduleTitle } from '../../shared/settings/registry';
import {
  companionChangeOf,
  findSettingsChange,
  guildSettingsStatement,
  keysChangedBy,
  listAuditUsers,
  listSettingsAudit,
  toGuildSettings,
  writeGuildSetting,
  type SettingRow,
  type SettingWrite,
  type SettingWriteResult,
} from '../db/settings';
import { allReads, runRead, runReads, type BatchRead, type BatchResult } from '../db/batch';
import { lastChangeOf } from '../db/settings-last-change';
import { sectionRowsRead, type SectionRows } from '../db/section-rows';
import { licenceStatement, type Licence } from '../db/whitelist';
import { findBotGuild } from '../db/bot-guilds';
import { oldest, stalenessFields, type Aged } from '../discord/data-age';
import { ApiError, badInput, badRequest, INVALID_INPUT, notFound, SettingConflictError } from '../errors';
import type { ActiveSession } from '../hono-env';
import { checkReference, loadGuildView, type GuildView } from './guild-view';
import { announceChanges, liveAuthor, type LiveAuthor, type LiveOrigin } from './live';
import { toLicenceState } from './licences';
import { presenceRead, requireGuildAccess, type GuildAccess, type GuildLookup } from './servers';

export type StoredState = readonly [SettingsValues, LicenceState];

/** A guild's settings, as a read that can share a D1 batch (one transaction) with others. */
export const guildSettingsRead = (db: D1Database, guildId: string): BatchRead<SettingsValues> => ({
  statements: [guildSettingsStatement(db, guildId)],
  read: ([settings]) => toGuildSettings((settings?.results ?? []) as SettingRow[]),
});

/** A guild's settings and licence, as a read that can share a D1 batch with others. */
export function storedStateRead(db: D1Database, guildId: string): BatchRead<StoredState> {
  return {
    statements: [guildSettingsStatement(db, guildId), licenceStatement(db, guildId)],
    read: ([settings, licence]) => {
      const licenceRow = (licence?.results[0] as Licence | undefined) ?? null;
      return [toGuildSettings((settings?.results ?? []) as SettingRow[]), toLicenceState(licenceRow)] as const;
    },
  };
}

const readStoredState = (db: D1Database, guildId: string) => runRead(db, storedStateRead(db, guildId));

/** What the settings answer reads from D1: the stored state and the bot's presence, which the permission check needs. */
export const settingsAnswerReads = (env: Env, serverId: string) => allReads([storedStateRead(env.DB, serverId), presenceRead(env, [serverId])]);
export type SettingsAnswerRows = BatchResult<ReturnType<typeof settingsAnswerReads>>;

/** Those reads in one batch of their own, or as the caller read them (in the session's batch). */
function withStoredState(
  env: Env,
  serverId: string,
  options: GuildLookup,
  ahead: SettingsAnswerRows | undefined,
): GuildLookup & { stored: Promise<StoredState> } {
  const reads = ahead ? Promise.resolve(ahead) : runRead(env.DB, settingsAnswerReads(env, serverId));
  return { ...options, stored: reads.then(([state]) => state), presence: reads.then(([, presence]) => presence) };
}

/**
 * The settings answer for a guild the user may at least read (403 otherwise). The D1 reads start beside
 * the permission check (or come from the caller's batch, `stored`); their rows are only answered once the
 * check has passed.
 */
export async function serverSettings(
  env: Env,
  session: ActiveSession,
  serverId: string,
  options: GuildLookup & { stored?: Promise<StoredState>; answerRows?: SettingsAnswerRows | undefined } = {},
): Promise<ServerSettingsResponse> {
  const lookup = options.stored ? { ...options, stored: options.stored } : withStoredState(env, serverId, options, options.answerRows);
  const { stored } = lookup;
  // Without this the reads' rejection would go unobserved when the permission check throws first.
  stored.catch(() => undefined);
  const granted = await requireGuildAccess(env, session, serverId, 'read', lookup);
  const [[values, whitelist], view] = await Promise.all([
    stored,
    loadGuildView(env, granted.guild.id, { signal: options.signal, readAhead: options.readAhead, viewer: session.user.id }),
  ]);
  return settingsAnswer(granted, values, whitelist, view);
}

function settingsAnswer({ guild, access, asOf }: GuildAccess, values: SettingsValues, whitelist: LicenceState, view: Aged<GuildView>): ServerSettingsResponse {
  return {
    id: guild.id,
    name: guild.name,
    memberCount: guild.approximate_member_count ?? null,
    access,
    ...values,
    whitelist,
    ...view.value,
    ...stalenessFields(oldest(asOf, view.asOf)),
  };
}

export async function settingsAudit(env: Env, session: ActiveSession, query: SettingsAuditQuery): Promise<SettingsAuditResponse> {
  const { guild } = await requireGuildAccess(env, session, query.serverID, 'read');
  const [page, users] = await Promise.all([
    listSettingsAudit(env.DB, guild.id, { before: query.before, section: query.section, userId: query.userID }),
    listAuditUsers(env.DB, guild.id),
  ]);
  return { ...page, users };
}

/**
 * Saves one key after checking the referenced role or channel exists, then answers the reloaded settings;
 * the guild's open pages hear of it (after the answer).
 */
export async function updateServerSetting(env: Env, session: ActiveSession, update: SettingUpdate, live: LiveOrigin): Promise<ServerSettingsResponse> {
  const granted = await requireGuildAccess(env, session, update.serverID, 'write');
  return savedByPerson(env, session, granted, update, { live, source: 'save', conflict: SAVE_CONFLICT });
}

/** A save made on the dashboard: its author is the session's user, and it answers the page's settings. */
async function savedByPerson(
  env: Env,
  session: ActiveSession,
  granted: GuildAccess,
  update: SettingUpdate,
  kind: Omit<SaveKind, 'author'>,
): Promise<ServerSettingsResponse> {
  const { values, whitelist, view } = await saveSetting(env, granted.guild.id, update, { ...kind, author: liveAuthor(session) });
  return settingsAnswer(granted, values, whitelist, view);
}

/**
 * One setting changed by the bot for a member who asked with a command (the bot checked their permission in
 * Discord), checked as a dashboard save is; only in a guild the bot has reported. The history names the member,
 * and the open pages hear of it.
 */
export async function botUpdateSetting(env: Env, guildId: string, { actor, ...change }: BotSettingWrite, live: LiveOrigin): Promise<BotGuildResponse> {
  const parsed = parseSettingUpdate({ serverID: guildId, ...change });
  // The sentence already names its field (`value: …`), as a dashboard save's does.
  if (!parsed.ok) throw badRequest(parsed.message, INVALID_INPUT);
  const unknownGuild = () => notFound('The bot is not recorded in this guild: report its presence first.', 'UNKNOWN_GUILD');
  if (!(await findBotGuild(env.DB, guildId))) throw unknownGuild();
  try {
    const { values, whitelist } = await saveSetting(env, guildId, parsed.update, { live, author: actor, source: 'bot', conflict: BOT_CONFLICT });
    return { guildId, settings: values, licence: whitelist };
  } catch (error) {
    // Discord said the bot is not there, so it is no longer recorded: the bot's own answer for that.
    if (error instanceof ApiError && error.code === ('BOT_NOT_IN_SERVER' satisfies AccessDenial)) throw unknownGuild();
    throw error;
  }
}

type ConflictSentence = (label: string, who: string | null) => string;
const byWhom = (who: string | null) => (who ? ` by ${who}` : '');
const SAVE_CONFLICT: ConflictSentence = (label, who) => `${label} was changed${byWhom(who)} since you loaded the page. Nothing was saved.`;
const REVERT_CONFLICT: ConflictSentence = (label, who) => `${label} was changed${byWhom(who)} after this change. Nothing was reverted.`;
const BOT_CONFLICT: ConflictSentence = (label, who) => `${label} was changed${byWhom(who)} since the bot last read it. Nothing was saved.`;

interface SaveKind {
  live: LiveOrigin;
  /** Who the history and the open pages name. */
  author: LiveAuthor;
  source: LiveChangeSource;
  conflict: ConflictSentence;
}

/**
 * The value and the keys written with it, each checked against the guild through the one gate (known-missing ids,
 * the look-up limiter): a pasted message link's channel is a reference the bot acts on as much as the value is.
 */
async function checkedReferences(env: Env, userId: string, guildId: string, { section, kind, value, companions }: SettingUpdate) {
  let view = await checkReference(env, userId, guildId, kind, value, await loadGuildView(env, guildId, { viewer: userId }));
  for (const companion of companions) view = await checkReference(env, userId, guildId, fieldKind(section, companion.key), companion.value, view);
  return view;
}

/** How often a save (or an import) whose module's other fields changed between its check and its write is checked again. */
export const MODULE_RULE_ATTEMPTS = 3;

/** The keys a save writes: its own, those written with it, and the switch a cleared required field turns off. */
const keysWritten = ({ section, key, value, companions }: SettingUpdate) => [
  ...keysChangedBy({ section, key, value }),
  ...companions.map((companion) => companion.key),
];

/**
 * Refuses a change that would break its module's rule across fields (two reaction pairs with one emoji). The rule is
 * checked on the module's other rows as read here; the write then requires them unchanged (a compare-and-set), so a
 * save of another of its fields at the same moment cannot slip between the check and the write.
 */
async function checkModuleRule(env: Env, guildId: string, update: SettingUpdate): Promise<SectionRows | undefined> {
  const { section, key, value } = update;
  if (moduleSpec(section).check === undefined) return undefined;
  const [[current], rows] = await runReads(env.DB, [storedStateRead(env.DB, guildId), sectionRowsRead(env.DB, guildId, section, keysWritten(update))]);
  const problem = moduleProblem(section, applySettingChange(current, section, key, value)[section]);
  if (problem !== null) throw badRequest(`value: ${problem}`, INVALID_INPUT);
  return rows;
}

/** Writes a checked save, checking its module's rule again while another save changed the module in between. */
async function writeChecked(env: Env, guildId: string, update: SettingUpdate, write: Omit<SettingWrite, 'key' | 'value'>): Promise<SettingWriteResult> {
  const { section, key, value, companions } = update;
  for (let attempt = 1; ; attempt += 1) {
    const sectionUnchanged = await checkModuleRule(env, guildId, update);
    const result = await writeGuildSetting(
      env.DB,
      { ...write, key, value, ...(sectionUnchanged ? { sectionsUnchanged: [sectionUnchanged] } : {}) },
      companions,
    );
    if (result === 'saved' || sectionUnchanged === undefined) return result;
    const now = await runRead(env.DB, sectionRowsRead(env.DB, guildId, section, sectionUnchanged.except));
    if (now.rows === sectionUnchanged.rows) return result;
    if (attempt === MODULE_RULE_ATTEMPTS) throw moduleChangedMeanwhile(section);
  }
}

const moduleChangedMeanwhile = (section: SettingUpdate['section']) =>
  new ApiError(409, 'CHANGED_MEANWHILE', `${moduleTitle(section)} kept changing while this was saved. Nothing was saved; please try again.`);

/** Checks and writes one key of a guild the caller may change; what is stored after it, and the guild's view. */
async function saveSetting(env: Env, guildId: string, update: SettingUpdate, { live, author, source, conflict }: SaveKind) {
  const { section, key, expected, companions } = update;
  const view = await checkedReferences(env, author.id, guildId, update);
  const now = Date.now();
  // The history says where a change was made when it was not on the dashboard.
  const write = { guildId, section, userId: author.id, userName: author.name, now, expected, ...(source === 'bot' ? { via: 'discord' as const } : {}) };
  const result = await writeChecked(env, guildId, update, write);
  const [values, whitelist] = await readStoredState(env.DB, guildId);
  if (result === 'refused') {
    const current = (values[section] as Record<string, unknown>)[key];
    if (expected !== undefined && JSON.stringify(current) !== JSON.stringify(expected)) {
      const last = await lastChangeOf(env.DB, guildId, section, key);
      throw new SettingConflictError((who) => conflict(fieldLabel(section, key), who), current, last);
    }
    const missing = missingRequiredFields(section, values[section]).map((field) => fieldLabel(section, field));
    throw new ApiError(
      400,
      'REQUIRED_FIELDS_UNSET',
      `value: ${moduleTitle(section)} cannot be enabled until ${missing.join(' and ') || 'its required fields'} ${missing.length > 1 ? 'are' : 'is'} set.`,
    );
  }
  const stored = values[section] as Record<string, unknown>;
  const written = [key, ...companions.map((companion) => companion.key)].map((name) => ({ section, key: name, value: stored[name] }));
  announceChanges(env, live, guildId, source, author, now, written);
  return { values, whitelist, view };
}

/**
 * Puts back the value a change replaced, checked like a new save against today's roles and channels:
 * a role or channel deleted since is a 409 that says so. Only while the stored value is still the change's
 * new value (or the `expected` the person was shown): a newer value is a 409 CONFLICT, never overwritten.
 * The revert is a change of its own in the audit.
 */
export async function revertSettingChange(
  env: Env,
  session: ActiveSession,
  { serverID, changeID, expected }: SettingsRevert,
  live: LiveOrigin,
): Promise<ServerSettingsResponse> {
  const granted = await requireGuildAccess(env, session, serverID, 'write');
  const change = await findSettingsChange(env.DB, granted.guild.id, changeID);
  if (!change) throw notFound('changeID: there is no such change for this server.', 'CHANGE_NOT_FOUND');
  const parsed = parseSettingUpdate({ serverID, section: change.section, key: change.key, value: change.oldValue, expected });
  if (!parsed.ok && parsed.field.startsWith('expected')) throw badInput('expected', 'must be a value of this setting: the one the page showed as stored now.');
  if (!parsed.ok) throw new ApiError(409, 'REVERT_NOT_POSSIBLE', `This change cannot be reverted: ${parsed.message}`);
  // The audit's own text of the new value, compared as stored: no schema of today's may reinterpret it.
  const stored = expected === undefined ? { ...parsed.update, expected: change.newValue } : parsed.update;
  // A message id comes back with the channel its change replaced, not the one a bare id implies.
  const companions = await Promise.all(
    stored.companions.map(async (companion) => {
      const written = await companionChangeOf(env.DB, granted.guild.id, change, companion.key);
      return written && typeof written.oldValue === 'string' ? { ...companion, value: written.oldValue } : companion;
    }),
  );
  const update = { ...stored, companions };
  try {
    return await savedByPerson(env, session, granted, update, { live, source: 'revert', conflict: REVERT_CONFLICT });
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'INVALID_REFERENCE' || error.code === 'REQUIRED_FIELDS_UNSET')) {
      throw new ApiError(409, 'REVERT_NOT_POSSIBLE', `This change cannot be reverted: ${error.message.replace(/^value: /, '')}`);
    }
    throw error;
  }
}
