/**
 * Reads that can share one D1 round trip with others: their statements, and how to read their results.
 * A page that needs several independent reads once it knows the user's guilds makes one `db.batch` of them.
 */
export interface BatchRead<T> {
  statements: D1PreparedStatement[];
  read: (results: D1Result[]) => T;
}

/** What a read gives. */
export type BatchResult<R> = R extends BatchRead<infer T> ? T : never;

type ReadResults<R extends readonly BatchRead<unknown>[]> = { -readonly [K in keyof R]: R[K] extends BatchRead<infer T> ? T : never };

/** Several reads as one: their statements in order, and each one's share of the results read by it. */
export function allReads<const R extends readonly BatchRead<unknown>[]>(reads: R): BatchRead<ReadResults<R>> {
  return {
    statements: reads.flatMap((r) => r.statements),
    read: (results) => {
      let offset = 0;
      return reads.map((r) => r.read(results.slice(offset, (offset += r.statements.length)))) as ReadResults<R>;
    },
  };
}

/** The read of nothing: no statement, no result. */
export const NOTHING: BatchRead<undefined> = { statements: [], read: () => undefined };

/** A read whose result is turned into another. */
export const mapRead = <T, U>(read: BatchRead<T>, map: (result: T) => U): BatchRead<U> => ({
  statements: read.statements,
  read: (results) => map(read.read(results)),
});

/** One read (its statements in one round trip, none when there are none). */
export async function runRead<T>(db: D1Database, read: BatchRead<T>): Promise<T> {
  const [only, ...more] = read.statements;
  const results = only === undefined ? [] : more.length === 0 ? [await only.all()] : await db.batch(read.statements);
  return read.read(results);
}

/** Runs the reads' statements in one round trip and reads each one's share. */
export const runReads = <const R extends readonly BatchRead<unknown>[]>(db: D1Database, reads: R): Promise<ReadResults<R>> => runRead(db, allReads(reads));
