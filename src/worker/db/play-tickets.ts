// Play tickets (table play_tickets): a balance of bytes per ticket, spent atomically so that concurrent
// requests on one ticket can never spend more than it holds together.

export interface NewPlayTicket {
  id: string;
  budget: number;
  /** What the counted request that opened the ticket already moves. */
  spent: number;
  expiresAt: number;
}

export async function openPlayTicket(db: D1Database, ticket: NewPlayTicket): Promise<void> {
  await db
    .prepare('INSERT INTO play_tickets (id, budget, spent, expires_at) VALUES (?1, ?2, ?3, ?4)')
    .bind(ticket.id, ticket.budget, ticket.spent, ticket.expiresAt)
    .run();
}

/** Takes `bytes` from the ticket if it is still valid at `now` and holds that much; false otherwise (nothing taken). */
export async function spendFromPlayTicket(db: D1Database, id: string, bytes: number, now: number): Promise<boolean> {
  const row = await db
    .prepare('UPDATE play_tickets SET spent = spent + ?2 WHERE id = ?1 AND expires_at > ?3 AND spent + ?2 <= budget RETURNING spent')
    .bind(id, bytes, now)
    .first<{ spent: number }>();
  return row !== null;
}

export async function prunePlayTickets(db: D1Database, now = Date.now()): Promise<void> {
  await db.prepare('DELETE FROM play_tickets WHERE expires_at <= ?1').bind(now).run();
}
