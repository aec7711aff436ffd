/**
 * Per-server bot settings (SPEC sections 3 and 4), one file per seam: the kinds of field and their table
 * (settings/kinds), the values and toggle rules (settings/values), the requests (settings/update), the
 * answers (settings/api), the server's roles, channels and emoji (settings/guild) and what owners type
 * (settings/inputs). The registry itself is settings-registry. The Worker validates with these and the
 * page builds its controls and optimistic updates from them, so both always agree.
 */
export * from './api';
export * from './disabled-commands-search';
export * from './field-values';
export * from './guild';
export * from './inputs';
export * from './kinds';
export * from './update';
export * from './values';
export { fieldKind, isSectionName, isSettingKey, settingKeys } from './registry';
export { isEmojiOrName, MAX_EMOJI_NAME_LENGTH, SERVER_EMOJI_NAME } from './field-schemas';
