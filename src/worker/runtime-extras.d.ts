// What workerd offers that the Worker project's type libraries do not declare. Kept here rather than pulling
// Node's types into the Worker project, where they would also declare globals (process, Buffer) workerd lacks.

// The node:zlib function the Worker uses (nodejs_compat): the CRC-32 of folder zips.
declare module 'node:zlib' {
  export function crc32(data: Uint8Array | string, value?: number): number;
}

// workerd's BYOB readers can wait for at least N bytes (the DOM library's declaration wins over workers-types').
interface ReadableStreamBYOBReader {
  readAtLeast<T extends ArrayBufferView>(minElements: number, view: T): Promise<ReadableStreamReadResult<T>>;
}
