import { crc32 } from 'node:zlib';

/**
 * The one place a CRC-32 is computed in the Worker: natively (zlib under nodejs_compat), a few ms per
 * 64 MB. Members of an object so tests can spy on it: an indexed object must never reach it.
 */
export const checksum = {
  crc32(chunk: Uint8Array, previous = 0): number {
    return crc32(chunk, previous);
  },
};

/** The CRC-32 of a whole stream (an R2 body), one native update per chunk. */
export async function crc32OfStream(body: ReadableStream<Uint8Array>): Promise<number> {
  let crc = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return crc;
    crc = checksum.crc32(value, crc);
  }
}
