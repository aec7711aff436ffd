// Play tickets (table play_tickets): a balance of bytes and a count of requests per ticket, spent atomically so
// that concurrent requests on one ticket can never spend more than it holds together.

export interface NewPlayTicket {
  id: string;
  budget: number;
  /** What the counted request that opened the ticket already moves. */
  spent: number;
  expiresAt: number;
}

/** Opens the ticket with one request answered: the counted one that opens it. */
export async function openPlayTicket(db: D1Database, ticket: NewPlayTicket): Promise<void> {
  await db
    .prepare('INSERT INTO play_tickets (id, budget, spent, requests, expires_at) VALUES (?1, ?2, ?3, 1, ?4)')
    .bind(ticket.id, ticket.budget, ticket.spent, ticket.expiresAt)
    .run();
}

/** What one request takes from its ticket. */
export interface TicketCharge {
  bytes: number;
  /** The most requests a ticket answers, the one it was opened by included. */
  maxRequests: number;
}

/**
 * Takes `bytes` and one request from the ticket if it is still valid at `now`, holds that many bytes and has
 * answered fewer than `maxRequests`; false otherwise (nothing taken).
 */
export async function spendFromPlayTicket(db: D1Database, id: string, charge: TicketCharge, now: number): Promise<boolean> {
  const row = await db
    .prepare(
      'UPDATE play_tickets SET spent = spent + ?2, requests = requests + 1 WHERE id = ?1 AND expires_at > ?3 AND spent + ?2 <= budget AND requests < ?4 RETURNING spent',
    )
    .bind(id, charge.bytes, now, charge.maxRequests)
    .first<{ spent: number }>();
  return row !== null;
}

export async function prunePlayTickets(db: D1Database, now = Date.now()): Promise<void> {
  await db.prepare('DELETE FROM play_tickets WHERE expires_at <= ?1').bind(now).run();
}
