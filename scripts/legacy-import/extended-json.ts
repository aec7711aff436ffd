/**
 * MongoDB Extended JSON (what `mongoexport` writes) → plain values: canonical and relaxed mode alike.
 * `{$oid}` → its hex string, `{$date}` → epoch milliseconds, `{$numberInt|Long|Double|Decimal}` → a number.
 * Any other `$`-wrapper (binary, regex, timestamp…) stays as it is, so validation refuses it by name.
 */

export type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A one-key object `{"$name": …}`: the shape of every Extended JSON wrapper. */
function wrapper(value: Record<string, unknown>): [string, unknown] | null {
  const keys = Object.keys(value);
  const [only] = keys;
  return keys.length === 1 && only?.startsWith('$') ? [only, value[only]] : null;
}

/** `$numberLong` and friends carry their digits as a string; past 2^53 a number would lose them, so those stay strings. */
function numberFrom(text: unknown): number | string | null {
  if (typeof text === 'number') return text;
  if (typeof text !== 'string') return null;
  const number = Number(text);
  if (!Number.isFinite(number)) return null;
  return Number.isInteger(number) && !Number.isSafeInteger(number) ? text : number;
}

/** `$date` is an ISO string (relaxed), `{$numberLong}` (canonical) or, from old tools, a bare number. */
function dateFrom(inner: unknown): number | null {
  if (typeof inner === 'string') {
    const ms = Date.parse(inner);
    return Number.isFinite(ms) ? ms : null;
  }
  if (typeof inner === 'number') return inner;
  if (isRecord(inner)) {
    const long = wrapper(inner);
    if (long?.[0] === '$numberLong') {
      const ms = numberFrom(long[1]);
      return typeof ms === 'number' ? ms : null;
    }
  }
  return null;
}

const NUMBER_WRAPPERS = new Set(['$numberInt', '$numberLong', '$numberDouble', '$numberDecimal']);

function decodeWrapper(name: string, inner: unknown): Plain | undefined {
  if (name === '$oid' && typeof inner === 'string') return inner;
  if (name === '$date') return dateFrom(inner) ?? undefined;
  if (NUMBER_WRAPPERS.has(name)) return numberFrom(inner) ?? undefined;
  return undefined;
}

// A lone surrogate cannot be stored as UTF-8: D1 would keep U+FFFD, and the next run would see a change.
const wellFormed = (text: string) => text.replace(/\p{Cs}/gu, '\uFFFD');

/** The plain value of a parsed Extended JSON value. */
export function decodeExtendedJson(value: unknown): Plain {
  if (typeof value === 'string') return wellFormed(value);
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map(decodeExtendedJson);
  if (!isRecord(value)) return null;
  const wrapped = wrapper(value);
  if (wrapped) {
    const decoded = decodeWrapper(...wrapped);
    if (decoded !== undefined) return decoded;
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, decodeExtendedJson(inner)]));
}

/** When a document was made, from its ObjectId (the first 4 bytes are seconds since 1970), or null. */
export function objectIdTime(id: unknown): number | null {
  if (typeof id !== 'string' || !/^[0-9a-f]{24}$/i.test(id)) return null;
  return Number.parseInt(id.slice(0, 8), 16) * 1000;
}
