// A song's length, read with music-metadata through range reads, so a file is read only as far as its format
// needs. Packages only, no imports of ours: the upload tool and the demo seeding (Node scripts, run without a
// bundler) read lengths the same way. The Worker imports this module lazily (songs/reconcile.ts), so the parser
// never loads for a page. Callers ask only for playable files (isPlayable, shared/songs/paths.ts).
import { tokenizer, type IRangeRequestClient } from '@tokenizer/range';
import { parseFromTokenizer } from 'music-metadata';

/** Random access to one file's bytes: `read` answers up to `length` bytes from `offset` (fewer at its end). */
export interface ByteSource {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/**
 * WAV, FLAC, MP3 (a Xing/Info/VBRI header, or constant bitrate from the file's size) and MP4 (the moov box,
 * wherever it is) say their length in their first kilobytes: small reads.
 */
const HEADER_CHUNK_BYTES = 64 * 1024;
/**
 * Ogg (Vorbis, Opus) and raw ADTS AAC say it only in their last page or by their frame count: the parser walks
 * the file, in reads this large (a 5 MB song is 5 reads).
 */
const SCAN_CHUNK_BYTES = 1024 * 1024;
/** Past this a file is not walked for its length: it shows none. */
export const MAX_SCANNED_BYTES = 256 * 1024 * 1024;

function rangeClient(source: ByteSource): IRangeRequestClient {
  return {
    async getResponse(_method, range) {
      const [start, end] = range ?? [0, source.size - 1];
      const bytes = await source.read(start, Math.min(end, source.size - 1) - start + 1);
      const contentRange = { firstBytePosition: start, lastBytePosition: start + bytes.length - 1, instanceLength: source.size };
      return { size: source.size, acceptPartialRequests: true, contentRange, arrayBuffer: () => Promise.resolve(bytes) };
    },
    // Each read is a whole awaited R2 call: nothing is left running to abort.
    abort: () => undefined,
  };
}

async function readDuration(source: ByteSource, scan: boolean): Promise<number | undefined> {
  const chunk = scan ? SCAN_CHUNK_BYTES : HEADER_CHUNK_BYTES;
  const input = await tokenizer(rangeClient(source), { avoidHeadRequests: true, initialChunkSize: chunk, minimumChunkSize: chunk });
  const { format } = await parseFromTokenizer(input, { duration: scan, skipCovers: true });
  return format.duration;
}

/** Seconds, rounded to the millisecond; null when the length cannot be read (not audio, damaged, or too long to walk). */
export async function songDuration(source: ByteSource): Promise<number | null> {
  if (source.size === 0) return null;
  try {
    const fromHeader = await readDuration(source, false);
    const seconds = fromHeader ?? (source.size <= MAX_SCANNED_BYTES ? await readDuration(source, true) : undefined);
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) / 1000 : null;
  } catch {
    return null;
  }
}

/** A file held in memory (the upload tool, the demo seeding, tests). */
export const bytesSource = (bytes: Uint8Array): ByteSource => ({
  size: bytes.length,
  read: (offset, length) => Promise.resolve(bytes.subarray(offset, offset + length)),
});
