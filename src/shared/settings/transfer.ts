/**
 * Settings as a portable document (export, import, 'Copy settings from…'): the envelope and the answers.
 * The settings inside are checked key by key through the registry on import, never trusted as a whole.
 */
import { z } from 'zod';
import { SNOWFLAKE_PATTERN } from '../discord-ids';

export const SETTINGS_DOCUMENT_FORMAT = 'servermanager.settings';
export const SETTINGS_DOCUMENT_VERSION = 1;

export interface SettingsDocument {
  format: typeof SETTINGS_DOCUMENT_FORMAT;
  version: typeof SETTINGS_DOCUMENT_VERSION;
  exportedAt: string;
  source: { serverID: string; name: string };
  settings: Record<string, Record<string, unknown>>;
}

const serverId = z.string().trim().regex(SNOWFLAKE_PATTERN, 'must be a Discord server id (17–20 digits)');

/** The envelope of an uploaded document; unknown formats and versions are refused whole. */
export const settingsDocumentSchema = z.object({
  format: z.literal(SETTINGS_DOCUMENT_FORMAT, { error: `must be '${SETTINGS_DOCUMENT_FORMAT}'` }),
  version: z.literal(SETTINGS_DOCUMENT_VERSION, {
    error: `must be ${SETTINGS_DOCUMENT_VERSION}: this dashboard reads version ${SETTINGS_DOCUMENT_VERSION} documents`,
  }),
  settings: z.record(z.string(), z.record(z.string(), z.unknown()), { error: 'must be an object of modules, each an object of settings' }),
});

/** POST /api/server-settings/import */
export const settingsImportSchema = z.strictObject({
  serverID: serverId,
  document: settingsDocumentSchema,
  dryRun: z.boolean({ error: 'must be true or false' }).default(false),
  // The dry run's fingerprint: the import is refused (409) when what it would overwrite changed since.
  expected: z.string({ error: "must be the 'fingerprint' of a dry run" }).max(100, "must be the 'fingerprint' of a dry run").optional(),
});

export interface SettingsImportChange {
  section: string;
  key: string;
  from: unknown;
  to: unknown;
}

export interface SettingsImportSkip {
  section: string;
  key: string;
  reason: string;
}

export interface SettingsImportResponse {
  changes: SettingsImportChange[];
  skipped: SettingsImportSkip[];
  /** false for a dry run (nothing written) */
  applied: boolean;
  /** Of the settings this answer compared the document with; send it back as `expected` to apply exactly this. */
  fingerprint: string;
}

/** The file name an export downloads as: the server's name, made safe for any file system. */
export function exportFileName(serverName: string, serverID: string): string {
  const slug = serverName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return `${slug || serverID}-settings.json`;
}
