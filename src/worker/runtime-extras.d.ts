// What workerd offers that the Worker project's type libraries do not declare. Kept here rather than pulling
// Node's types into the Worker project, where they would also declare globals (process, Buffer) workerd lacks.

// The node:zlib functions the Worker uses (nodejs_compat): the CRC-32 of folder zips, the library pages' kept copies.
declare module 'node:zlib' {
  export function crc32(data: Uint8Array | string, value?: number): number;
  export interface BrotliOptions {
    params?: Record<number, number>;
  }
  export function gzipSync(data: Uint8Array | string): Uint8Array<ArrayBuffer>;
  export function gunzipSync(data: Uint8Array): Uint8Array<ArrayBuffer>;
  export function brotliCompressSync(data: Uint8Array, options?: BrotliOptions): Uint8Array<ArrayBuffer>;
  export function brotliDecompressSync(data: Uint8Array): Uint8Array<ArrayBuffer>;
  export const constants: { readonly BROTLI_PARAM_QUALITY: number; readonly BROTLI_PARAM_SIZE_HINT: number };
}

// workerd's BYOB readers can wait for at least N bytes (the DOM library's declaration wins over workers-types').
interface ReadableStreamBYOBReader {
  readAtLeast<T extends ArrayBufferView>(minElements: number, view: T): Promise<ReadableStreamReadResult<T>>;
}
