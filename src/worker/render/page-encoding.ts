import { brotliCompressSync, constants } from 'node:zlib';

/**
 * The codings a kept page is stored in besides identity. Brotli comes from `node:zlib` (workerd's
 * CompressionStream takes only 'gzip', 'deflate' and 'deflate-raw'), at quality 5: 10% smaller than gzip for
 * a few milliseconds once a minute, where quality 11 took 0.65 s for /commands.
 */
export const STORED_CODINGS = ['br', 'gzip'] as const;
export type StoredCoding = (typeof STORED_CODINGS)[number];
export type PageEncoding = StoredCoding | 'identity';

const BROTLI_QUALITY = 5;

const ALIASES: Readonly<Record<string, StoredCoding>> = { 'x-gzip': 'gzip' };

interface Accepted {
  coding: string;
  weight: number;
}

/** RFC 9110 Accept-Encoding in the client's order: weight 1 when none is given, 0 when it is not a number. */
function accepted(acceptEncoding: string): Accepted[] {
  return acceptEncoding.split(',').flatMap((entry) => {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (name === '') return [];
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    return [{ coding: ALIASES[name] ?? name, weight: Number.isFinite(weight) ? weight : 0 }];
  });
}

/**
 * The stored coding with the highest weight above 0; '*' stands for a coding the client does not name, and
 * `gzip;q=0` refuses gzip even beside '*'. Of equal weights the one the client lists first wins: browsers list
 * gzip before br, and Cloudflare's front line (and wrangler's copy of it) answers a browser in the first coding
 * of its list, so a page stored in that coding passes through without being decoded and compressed again.
 * Identity otherwise, also when no header was sent.
 */
export function pageEncodingFor(acceptEncoding: string | null | undefined): PageEncoding {
  const list = accepted(acceptEncoding ?? '');
  const position = (coding: string) => list.findIndex((entry) => entry.coding === coding);
  const anyOther = list.find((entry) => entry.coding === '*');
  let best: { coding: PageEncoding; weight: number; position: number } = { coding: 'identity', weight: 0, position: Infinity };
  for (const coding of STORED_CODINGS) {
    const named = list.find((entry) => entry.coding === coding);
    const weight = named?.weight ?? anyOther?.weight ?? 0;
    const at = named ? position(coding) : position('*');
    if (weight > best.weight || (weight === best.weight && weight > 0 && at < best.position)) best = { coding, weight, position: at };
  }
  return best.coding;
}

/**
 * What the client itself accepts: Cloudflare's front line (and wrangler's local copy of it) hands the Worker
 * `Accept-Encoding: br, gzip` whatever the client sent, and keeps the client's own header in `cf`.
 */
export function clientAcceptEncoding(request: Request): string | null {
  const client = (request.cf as { clientAcceptEncoding?: unknown } | undefined)?.clientAcceptEncoding;
  return typeof client === 'string' ? client : request.headers.get('Accept-Encoding');
}

const gzip = (body: ArrayBuffer): Promise<ArrayBuffer> => new Response(new Blob([body]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();

function brotli(body: ArrayBuffer): ArrayBuffer {
  const out = brotliCompressSync(new Uint8Array(body), {
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
  });
  return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer;
}

export const compress = async (body: ArrayBuffer, coding: StoredCoding): Promise<ArrayBuffer> => (coding === 'br' ? brotli(body) : gzip(body));
