/** A byte range of a known-size object, half-open on neither side: bytes offset … offset+length-1. */
export interface ByteRange {
  offset: number;
  length: number;
}

export type RangeDecision =
  /** No usable Range header (absent, malformed, or several ranges): send the whole object with 200. */
  | { kind: 'full' }
  | { kind: 'partial'; range: ByteRange }
  /** Syntactically fine but outside the object: 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * RFC 9110 section 14. Multiple ranges would need multipart/byteranges; a server may ignore Range, so
 * those (and anything malformed) get the full body. Players only ever ask for one range.
 */
export function decideRange(header: string | undefined | null, size: number): RangeDecision {
  if (!header) return { kind: 'full' };
  const match = SINGLE_RANGE.exec(header.trim().replace(/\s+/g, ''));
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };

  if (first === '') {
    // Suffix range: the last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    const length = Math.min(suffix, size);
    return { kind: 'partial', range: { offset: size - length, length } };
  }

  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (last === '') return { kind: 'partial', range: { offset: start, length: size - start } };
  const end = Number(last);
  if (end < start) return { kind: 'full' };
  return { kind: 'partial', range: { offset: start, length: Math.min(end, size - 1) - start + 1 } };
}
