/**
 * Discord's docs require every client to send `User-Agent: DiscordBot ($url, $versionNumber)`; its edge refuses
 * calls without one, and the Workers runtime adds none of its own.
 */
export const APP_VERSION = '1.0';

export interface UserAgentEnv {
  /** The site's public origin (config.ts refuses to run without it). */
  APP_ORIGIN: string;
}

export const discordUserAgent = (env: UserAgentEnv): string => `DiscordBot (${env.APP_ORIGIN}, ${APP_VERSION})`;
