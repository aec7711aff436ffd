/** Business constants of SPEC section 9, in one place for the Worker and the page. */
export const WHITELIST_LIMIT_PER_USER = 1;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const EXPIRY_OPTIONS_DAYS = { week: 7, month: 30, permanent: 3650 } as const;
export const DEFAULT_EXPIRY_DAYS = EXPIRY_OPTIONS_DAYS.month;
export const PRIVACY_UPDATED = 'February 4, 2025';
export const TERMS_UPDATED = 'January 26, 2024';
export const MESSAGE_RETENTION_DAYS = 14;
export const DELETION_REQUEST_DAYS = 14;
export const DATA_COPY_DAYS = 7;
export const TOAST_DURATION_MS = 4000;
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_MAX = 20;
export const DEFAULT_VOLUME = 0.5;
export const PLAYABLE_EXTENSIONS = ['mp3', 'wav', 'ogg', 'm4a', 'aac', 'flac'] as const;
export const SUPPORT_URL = 'https://discord.gg/servermanager';
export const SUPPORT_EMAIL = 'support@servermanager.bot';
export const BOT_PREFIX = ',';

/** The bot's name, as Discord shows it on the messages it posts. */
export const BOT_NAME = 'ServerManager';
