import { apiKey } from './api-key';

/**
 * The keys a page may read before any interaction, whoever visits (who is signed in, the landing page's figures):
 * apart from the rest of ./api-keys.ts, which holds them too, so the code every page loads carries these alone.
 */
export const publicApiKeys = {
  checkAuth: apiKey('/check-auth'),
  stats: apiKey('/stats'),
} as const;
