/**
 * The codings a kept page is stored in besides identity, best first. Brotli is not among them: workerd's
 * CompressionStream takes only 'gzip', 'deflate' and 'deflate-raw'.
 */
export const STORED_CODINGS = ['gzip'] as const;
export type StoredCoding = (typeof STORED_CODINGS)[number];
export type PageEncoding = StoredCoding | 'identity';

const ALIASES: Readonly<Record<string, StoredCoding>> = { 'x-gzip': 'gzip' };

/** RFC 9110 Accept-Encoding as coding → weight: 1 when none is given, 0 when it is not a number. */
function weights(acceptEncoding: string): Map<string, number> {
  const byCoding = new Map<string, number>();
  for (const entry of acceptEncoding.split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    byCoding.set(ALIASES[name] ?? name, Number.isFinite(weight) ? weight : 0);
  }
  return byCoding;
}

/**
 * The stored coding with the highest weight above 0 (a tie goes to the earlier of STORED_CODINGS); '*' stands
 * for a coding the client does not name, and `gzip;q=0` refuses gzip even beside '*'. Identity otherwise,
 * also when no header was sent.
 */
export function pageEncodingFor(acceptEncoding: string | null): PageEncoding {
  const byCoding = weights(acceptEncoding ?? '');
  const anyOther = byCoding.get('*') ?? 0;
  let best: PageEncoding = 'identity';
  let bestWeight = 0;
  for (const coding of STORED_CODINGS) {
    const weight = byCoding.get(coding) ?? anyOther;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}

export const compress = (body: ArrayBuffer, coding: StoredCoding): Promise<ArrayBuffer> =>
  new Response(new Blob([body]).stream().pipeThrough(new CompressionStream(coding))).arrayBuffer();
