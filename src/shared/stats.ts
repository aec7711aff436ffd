/** The landing page's counters. */

export interface StatsResponse {
  servers: number;
  users: number;
  commands: number;
}
