/**
 * Reads that can share one D1 round trip with others: their statements, and how to read their results.
 * A page that needs several independent reads once it knows the user's guilds makes one `db.batch` of them.
 */
export interface BatchRead<T> {
  statements: D1PreparedStatement[];
  read: (results: D1Result[]) => T;
}

type ReadResults<R extends readonly BatchRead<unknown>[]> = { -readonly [K in keyof R]: R[K] extends BatchRead<infer T> ? T : never };

/** Runs the reads' statements in one round trip (none when there are none) and reads each one's share. */
export async function runReads<const R extends readonly BatchRead<unknown>[]>(db: D1Database, reads: R): Promise<ReadResults<R>> {
  const statements = reads.flatMap((r) => r.statements);
  const [only] = statements;
  const results = statements.length === 1 && only ? [await only.all()] : statements.length > 1 ? await db.batch(statements) : [];
  let offset = 0;
  return reads.map((r) => r.read(results.slice(offset, (offset += r.statements.length)))) as ReadResults<R>;
}

/** One read alone. */
export async function runRead<T>(db: D1Database, read: BatchRead<T>): Promise<T> {
  const [result] = await runReads(db, [read] as const);
  return result;
}
