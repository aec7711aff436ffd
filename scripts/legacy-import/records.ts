/**
 * The old dashboard's documents → records this product accepts, through the API's own schemas: a
 * whitelist entry through the admin console's (`adminAddSchema`), each setting through the registry's
 * (`valueSchema`). Everything refused comes back with the reason, in the schemas' words.
 */
import type { z } from 'zod';
import { firstIssueSentence } from '../../src/shared/schema-issues.ts';
import {
  companionChanges,
  defaultValue,
  fieldKind,
  isSectionName,
  isSettingKey,
  messageLinkProblem,
  parseIdList,
  parseMessageLink,
  serverIdQuerySchema,
  valueSchema,
} from '../../src/shared/settings/index.ts';
import type { SectionName } from '../../src/shared/settings/registry.ts';
import { adminAddSchema } from '../../src/shared/whitelist-requests.ts';
import { objectIdTime, type Plain } from './extended-json.ts';
import { readExport, type ExportDocument } from './export-file.ts';

export interface LicenceRecord {
  kind: 'licence';
  label: string;
  /** When the old system made it (from the ObjectId), or null. */
  createdAt: number | null;
  userId: string;
  /** '' when the export has none (the console shows 'Unknown'). */
  userName: string;
  serverId: string;
  /** null when the export has none: an existing name is then kept. */
  serverName: string | null;
  expiresAt: number;
}

export interface SettingValue {
  section: SectionName;
  key: string;
  /** Validated and normalised by the registry's schema. */
  value: unknown;
}

export interface Rejection {
  record: string;
  reason: string;
}

export interface SettingsRecord {
  kind: 'settings';
  label: string;
  guildId: string;
  values: SettingValue[];
  /** Parts of the document that were refused (unknown sections, keys, commands…); the rest is imported. */
  rejected: Rejection[];
}

export type LegacyRecord = LicenceRecord | SettingsRecord | ({ kind: 'rejected' } & Rejection);

type Doc = Record<string, Plain>;

const isDoc = (value: Plain | undefined): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields the import ignores: MongoDB's and Mongoose's bookkeeping, and what this product reads from Discord. */
const IGNORED_SETTINGS_FIELDS = new Set(['_id', '__v', 'createdAt', 'updatedAt', 'guildID', 'serverID', 'name', 'roles', 'channels', 'whitelist']);
const IGNORED_SECTION_FIELDS = new Set(['_id']);

const show = (value: Plain | undefined) => (value === undefined ? 'missing' : JSON.stringify(value));

/** 'line 3 (_id 65a1…)' */
export function recordLabel(document: ExportDocument): string {
  const id = isDoc(document.value) ? document.value._id : undefined;
  return typeof id === 'string' ? `line ${document.line} (_id ${id})` : `line ${document.line}`;
}

/** Ids exported as numbers (64-bit integers in relaxed Extended JSON) are checked as their digits. */
const idText = (value: Plain | undefined): Plain | undefined => (typeof value === 'number' ? String(value) : value);

/** The admin schema's field → the old document's field, so reasons name what the operator can find in the export. */
const LICENCE_FIELDS = { userID: 'userID', newServerID: 'serverID', expiresAt: 'expiresAt' } as const;

const licenceReason = (error: z.ZodError, input: Doc): string => {
  const field = String(error.issues[0]?.path[0] ?? '');
  const legacy = field in LICENCE_FIELDS ? LICENCE_FIELDS[field as keyof typeof LICENCE_FIELDS] : field;
  return `${legacy} ${show(input[legacy])}: ${firstIssueSentence(error)}`;
};

export function toLicenceRecord(doc: Doc, label: string): LegacyRecord {
  // The admin schema reads a missing expiry as '30 days from now', which would differ on every run.
  if (doc.expiresAt === undefined || doc.expiresAt === null) return { kind: 'rejected', record: label, reason: 'expiresAt is missing' };
  const parsed = adminAddSchema.safeParse({ userID: idText(doc.userID), newServerID: idText(doc.serverID), expiresAt: doc.expiresAt });
  if (!parsed.success) return { kind: 'rejected', record: label, reason: licenceReason(parsed.error, doc) };
  const { userID, newServerID, expiresAt } = parsed.data;
  if (expiresAt === null) return { kind: 'rejected', record: label, reason: 'expiresAt is missing' };
  const text = (value: Plain | undefined) => (typeof value === 'string' ? value.trim() : '');
  return {
    kind: 'licence',
    label,
    createdAt: objectIdTime(doc._id),
    userId: userID,
    userName: text(doc.userName),
    serverId: newServerID,
    serverName: text(doc.serverName) || null,
    expiresAt,
  };
}

/** The guild a settings document is about: `guildID` or `serverID` (the old system used both). */
function guildIdOf(doc: Doc, label: string): { ok: true; guildId: string } | { ok: false; rejection: Rejection } {
  const named = (['guildID', 'serverID'] as const).filter((field) => doc[field] !== undefined && doc[field] !== null);
  const [field] = named;
  if (named.length === 2 && idText(doc.guildID) !== idText(doc.serverID)) {
    return { ok: false, rejection: { record: label, reason: `guildID ${show(doc.guildID)} and serverID ${show(doc.serverID)} name different servers` } };
  }
  if (!field) return { ok: false, rejection: { record: label, reason: 'guildID is missing' } };
  const parsed = serverIdQuerySchema.safeParse({ serverID: idText(doc[field]) });
  if (!parsed.success) return { ok: false, rejection: { record: label, reason: `${field} ${show(doc[field])}: ${firstIssueSentence(parsed.error)}` } };
  return { ok: true, guildId: parsed.data.serverID };
}

/** The old dashboard stored the anti-nuke whitelist as comma-separated text too; every list kind reads both. */
function listInput(section: SectionName, key: string, value: Plain): Plain {
  return Array.isArray(defaultValue(section, key)) && typeof value === 'string' ? parseIdList(value) : value;
}

interface KeyResult {
  values: SettingValue[];
  rejected: Rejection[];
}

/**
 * One setting through the registry's schema. A list with a few bad entries (a command the bot does not
 * have) keeps the good ones and reports each bad one, rather than losing the whole list.
 */
function settingValue(section: SectionName, key: string, raw: Plain, record: string, guildId: string): KeyResult {
  const schema = valueSchema(section, key);
  const input = listInput(section, key, raw);
  const reason = (problem: string) => `${section}.${key}: ${problem}`;
  if (typeof raw === 'string' && fieldKind(section, key) === 'messageId') {
    // A pasted message link names its server: another server's message is refused, as a save refuses it.
    const foreign = messageLinkProblem(raw, guildId);
    if (foreign !== null) return { values: [], rejected: [{ record, reason: reason(foreign) }] };
  }
  const whole = schema.safeParse(input);
  if (whole.success) return { values: [{ section, key, value: whole.data }, ...linkedChannel(section, key, raw)], rejected: [] };
  if (!Array.isArray(input)) return { values: [], rejected: [{ record, reason: reason(firstIssueSentence(whole.error)) }] };
  const rejected: Rejection[] = [];
  const kept = input.filter((item) => {
    const alone = schema.safeParse([item]);
    if (!alone.success) rejected.push({ record, reason: reason(firstIssueSentence(alone.error)) });
    return alone.success;
  });
  const rest = schema.safeParse(kept);
  if (!rest.success) return { values: [], rejected: [{ record, reason: reason(firstIssueSentence(rest.error)) }] };
  return { values: [{ section, key, value: rest.data }], rejected };
}

/** A message link's channel, written beside its message id as a save writes it; a bare id leaves the channel alone. */
function linkedChannel(section: SectionName, key: string, raw: Plain): SettingValue[] {
  if (typeof raw !== 'string' || parseMessageLink(raw) === null) return [];
  return companionChanges(section, key, raw).map((companion) => ({ section, key: companion.key, value: companion.value }));
}

function sectionValues(section: SectionName, body: Doc, record: string, guildId: string): KeyResult[] {
  return Object.entries(body)
    .filter(([key]) => !IGNORED_SECTION_FIELDS.has(key))
    .map(([key, raw]) =>
      isSettingKey(section, key)
        ? settingValue(section, key, raw, record, guildId)
        : { values: [], rejected: [{ record, reason: `${section}.${key}: unknown setting` }] },
    );
}

export function toSettingsRecord(doc: Doc, label: string): LegacyRecord {
  const guild = guildIdOf(doc, label);
  if (!guild.ok) return { kind: 'rejected', ...guild.rejection };
  const name = typeof doc.name === 'string' ? ` ${JSON.stringify(doc.name)}` : '';
  const record = `${label} guild ${guild.guildId}${name}`;
  const results = Object.entries(doc)
    .filter(([field]) => !IGNORED_SETTINGS_FIELDS.has(field))
    .flatMap(([field, body]): KeyResult[] => {
      if (!isSectionName(field)) return [{ values: [], rejected: [{ record, reason: `${field}: unknown section` }] }];
      if (!isDoc(body)) return [{ values: [], rejected: [{ record, reason: `${field}: must be an object of settings, not ${show(body)}` }] }];
      return sectionValues(field, body, record, guild.guildId);
    });
  return {
    kind: 'settings',
    label: record,
    guildId: guild.guildId,
    values: results.flatMap((result) => result.values),
    rejected: results.flatMap((result) => result.rejected),
  };
}

const has = (doc: Doc, field: string) => doc[field] !== undefined;

/** Whitelist entries carry a user and an expiry; settings documents name a guild and hold sections. */
export function toRecord(document: ExportDocument): LegacyRecord {
  const label = recordLabel(document);
  const doc = document.value;
  if (!isDoc(doc)) return { kind: 'rejected', record: label, reason: `not a document: ${show(doc)}` };
  if (has(doc, 'userID') || has(doc, 'expiresAt')) return toLicenceRecord(doc, label);
  if (has(doc, 'guildID') || has(doc, 'serverID')) return toSettingsRecord(doc, label);
  return {
    kind: 'rejected',
    record: label,
    reason: 'neither a whitelist entry (userID, serverID, expiresAt) nor a settings document (guildID or serverID and its sections)',
  };
}

/** Every document of an export file as a record; text that is not JSON is a rejected record too. */
export function recordsOfExport(text: string): LegacyRecord[] {
  const { documents, unreadable } = readExport(text);
  return [...unreadable.map(({ line, reason }): LegacyRecord => ({ kind: 'rejected', record: `line ${line}`, reason })), ...documents.map(toRecord)];
}
