import { createMiddleware } from 'hono/factory';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import type { AppEnv } from './hono-env';

/**
 * Each request's id: Cloudflare's ray id (the edge sets it, and Workers Logs and Cloudflare's support know it by it),
 * a random one where there is none (locally). Answers carry it as X-Request-Id and error pages show it.
 */
export const assignRequestId = requestId({
  headerName: '',
  generator: (c) => {
    const ray = c.req.header('cf-ray');
    return ray && /^[\w-]{1,64}$/.test(ray) ? ray : crypto.randomUUID();
  },
});

/** What the log line says of an error: its code, and for a failure its cause (never a token, cookie or query). */
async function errorCode(response: Response): Promise<string> {
  if (!response.headers.get('Content-Type')?.includes('application/json')) return `HTTP_${response.status}`;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : null;
  return typeof code === 'string' ? code : `HTTP_${response.status}`;
}

/**
 * Every error the Worker answers, as one structured line for Workers Logs: status, code, method, route and path, request
 * id, and what the handler added (`logDetail`: the failure's cause, the settings missing). 5xx go to console.error,
 * 4xx to console.warn, so the logs' level filter tells the site's faults from the visitors'.
 */
export const logErrors = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const { status } = c.res;
  // c.get, not c.var: c.var builds an object of every variable on each read.
  c.res.headers.set('X-Request-Id', c.get('requestId'));
  if (status < 400) return;
  const record = {
    event: 'error_answered',
    status,
    code: await errorCode(c.res),
    method: c.req.method,
    // After next(): the route of the handler that answered, not this middleware's '*'.
    route: routePath(c),
    path: c.req.path,
    requestId: c.var.requestId,
    ...(c.var.logDetail ? { detail: c.var.logDetail } : {}),
  };
  // An object, not a string: Workers Logs indexes its fields, so a search can filter on requestId or code.
  if (status >= 500) console.error(record);
  else console.warn(record);
});
