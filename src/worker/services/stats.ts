/** The landing page's figures: counters D1 keeps as the bot reports where it is (see services/bot-presence.ts). */
import type { StatsResponse } from '../../shared/stats';
import { COMMANDS } from '../../shared/commands';
import { readStats } from '../db/stats';

export async function stats(db: D1Database): Promise<StatsResponse> {
  const { servers, users } = await readStats(db);
  return { servers, users, commands: COMMANDS.length };
}
