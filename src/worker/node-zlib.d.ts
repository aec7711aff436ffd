// The one node:zlib function the Worker uses (nodejs_compat). Declared here rather than pulling Node's
// types into the Worker project, where they would also declare globals (process, Buffer) workerd lacks.
declare module 'node:zlib' {
  export function crc32(data: Uint8Array | string, value?: number): number;
}
