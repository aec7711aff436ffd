import { env } from 'cloudflare:workers';
import { callWithEnv } from './request';

/**
 * POSTs `body` as the owner to `path` with a D1 that, each time the request is about to write settings, first lets
 * `between` run to its end: another change made after the request's checks and before its write, the interleaving
 * two requests at the same moment can have. `attempts()` counts the writes tried.
 */
export function postWithWritesInterleaved(path: string, body: unknown, cookie: string, between: (attempt: number) => Promise<unknown>) {
  let attempts = 0;
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          const writes = statements.some((statement) => (statement as unknown as { statement: string }).statement.includes('INSERT INTO guild_settings'));
          if (writes) await between((attempts += 1));
          return target.batch(statements);
        };
      }
      const member: unknown = Reflect.get(target, property, target);
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(target) : member;
    },
  });
  const response = callWithEnv(
    path,
    { DB: db as unknown as string },
    { method: 'POST', cookie, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  return { response, attempts: () => attempts };
}
