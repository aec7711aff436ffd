/**
 * The byte layout of a stored (uncompressed) zip, decided before its first byte is sent (APPNOTE 6.3.10).
 * With every CRC known, every byte is known: a zip can be answered in ranges. A member whose CRC is not
 * known yet gets a data descriptor after its data (flag bit 3), which the length counts too.
 */

export interface ZipMember {
  /** The R2 key the data comes from, and the version (etag) the layout was planned for. */
  key: string;
  etag: string;
  /** The path inside the zip. */
  name: string;
  size: number;
  modified: Date;
  /** undefined: computed while the data streams, then written in a data descriptor. */
  crc32: number | undefined;
}

/** A stretch of the zip: fixed bytes, a member's data, its descriptor, or the central directory. */
export type ZipPart =
  | { kind: 'bytes'; offset: number; length: number; bytes: Uint8Array }
  | { kind: 'data'; offset: number; length: number; index: number }
  | { kind: 'descriptor'; offset: number; length: number; index: number }
  | { kind: 'central'; offset: number; length: number };

export interface ZipLayout {
  members: readonly ZipMember[];
  parts: ZipPart[];
  /** Where each member's local header starts (the central directory points there). */
  headerOffsets: number[];
  length: number;
}

const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;
const UTF8_NAMES = 0x0800;
const HAS_DESCRIPTOR = 0x0008;
const VERSION_ZIP64 = 45;
const VERSION_PLAIN = 20;
const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const ZIP64_END = 56;
const ZIP64_LOCATOR = 20;
const END = 22;

const encoder = new TextEncoder();

/** Sizes past 32 bits move into the ZIP64 extra field (local and central). */
const needsZip64Size = (size: number) => size >= MAX_32;

/** The range MS-DOS dates can hold: anything outside is clamped to the nearest end. */
const FIRST_DOS_TIME = Date.UTC(1980, 0, 1);
const LAST_DOS_TIME = Date.UTC(2107, 11, 31, 23, 59, 58);

function dosDateTime(modified: Date): { time: number; date: number } {
  const date = new Date(Math.min(Math.max(modified.getTime(), FIRST_DOS_TIME), LAST_DOS_TIME));
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

function localHeader(member: ZipMember, name: Uint8Array, zip64: boolean): Uint8Array {
  const extra = needsZip64Size(member.size) ? 20 : 0;
  const bytes = new Uint8Array(LOCAL_HEADER + name.length + extra);
  const view = new DataView(bytes.buffer);
  const { time, date } = dosDateTime(member.modified);
  const size32 = needsZip64Size(member.size) ? MAX_32 : member.size;
  view.setUint32(0, 0x04034b50, true);
  view.setUint16(4, zip64 ? VERSION_ZIP64 : VERSION_PLAIN, true);
  view.setUint16(6, UTF8_NAMES | (member.crc32 === undefined ? HAS_DESCRIPTOR : 0), true);
  view.setUint16(10, time, true);
  view.setUint16(12, date, true);
  // Sizes are known even when the CRC is not: written here so streaming readers know where stored data ends.
  view.setUint32(14, member.crc32 ?? 0, true);
  view.setUint32(18, size32, true);
  view.setUint32(22, size32, true);
  view.setUint16(26, name.length, true);
  view.setUint16(28, extra, true);
  bytes.set(name, LOCAL_HEADER);
  if (extra) {
    const at = LOCAL_HEADER + name.length;
    view.setUint16(at, 0x0001, true);
    view.setUint16(at + 2, 16, true);
    view.setBigUint64(at + 4, BigInt(member.size), true);
    view.setBigUint64(at + 12, BigInt(member.size), true);
  }
  return bytes;
}

const descriptorLength = (member: ZipMember) => (member.crc32 !== undefined ? 0 : needsZip64Size(member.size) ? 24 : 16);

export function dataDescriptor(crc32: number, size: number): Uint8Array {
  const zip64 = needsZip64Size(size);
  const bytes = new Uint8Array(zip64 ? 24 : 16);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x08074b50, true);
  view.setUint32(4, crc32, true);
  if (zip64) {
    view.setBigUint64(8, BigInt(size), true);
    view.setBigUint64(16, BigInt(size), true);
  } else {
    view.setUint32(8, size, true);
    view.setUint32(12, size, true);
  }
  return bytes;
}

/** The ZIP64 extra of a central entry holds exactly the fields whose 32-bit slot overflowed, in this order. */
function centralZip64Fields(size: number, offset: number): number[] {
  return [...(needsZip64Size(size) ? [size, size] : []), ...(offset >= MAX_32 ? [offset] : [])];
}

const centralEntryLength = (name: Uint8Array, size: number, offset: number) => {
  const fields = centralZip64Fields(size, offset).length;
  return CENTRAL_HEADER + name.length + (fields ? 4 + 8 * fields : 0);
};

function needsZip64End(count: number, centralOffset: number, centralLength: number): boolean {
  return count >= MAX_16 || centralOffset >= MAX_32 || centralLength >= MAX_32;
}

const endLength = (count: number, centralOffset: number, entriesLength: number) =>
  (needsZip64End(count, centralOffset, entriesLength) ? ZIP64_END + ZIP64_LOCATOR : 0) + END;

export function planZip(members: readonly ZipMember[]): ZipLayout {
  const parts: ZipPart[] = [];
  const headerOffsets: number[] = [];
  let offset = 0;
  let entriesLength = 0;
  members.forEach((member, index) => {
    const name = encoder.encode(member.name);
    const bytes = localHeader(member, name, needsZip64Size(member.size) || offset >= MAX_32);
    headerOffsets.push(offset);
    entriesLength += centralEntryLength(name, member.size, offset);
    parts.push({ kind: 'bytes', offset, length: bytes.length, bytes });
    offset += bytes.length;
    parts.push({ kind: 'data', offset, length: member.size, index });
    offset += member.size;
    const descriptor = descriptorLength(member);
    if (descriptor) parts.push({ kind: 'descriptor', offset, length: descriptor, index });
    offset += descriptor;
  });
  const centralLength = entriesLength + endLength(members.length, offset, entriesLength);
  parts.push({ kind: 'central', offset, length: centralLength });
  return { members, parts, headerOffsets, length: offset + centralLength };
}

function centralEntry(member: ZipMember, crc32: number, offset: number): Uint8Array {
  const name = encoder.encode(member.name);
  const fields = centralZip64Fields(member.size, offset);
  const bytes = new Uint8Array(centralEntryLength(name, member.size, offset));
  const view = new DataView(bytes.buffer);
  const { time, date } = dosDateTime(member.modified);
  const version = needsZip64Size(member.size) || offset >= MAX_32 ? VERSION_ZIP64 : VERSION_PLAIN;
  const size32 = needsZip64Size(member.size) ? MAX_32 : member.size;
  view.setUint32(0, 0x02014b50, true);
  view.setUint16(4, version, true);
  view.setUint16(6, version, true);
  view.setUint16(8, UTF8_NAMES | (member.crc32 === undefined ? HAS_DESCRIPTOR : 0), true);
  view.setUint16(12, time, true);
  view.setUint16(14, date, true);
  view.setUint32(16, crc32, true);
  view.setUint32(20, size32, true);
  view.setUint32(24, size32, true);
  view.setUint16(28, name.length, true);
  view.setUint16(30, fields.length ? 4 + 8 * fields.length : 0, true);
  view.setUint32(42, Math.min(offset, MAX_32), true);
  bytes.set(name, CENTRAL_HEADER);
  if (fields.length) {
    const at = CENTRAL_HEADER + name.length;
    view.setUint16(at, 0x0001, true);
    view.setUint16(at + 2, 8 * fields.length, true);
    fields.forEach((value, i) => view.setBigUint64(at + 4 + 8 * i, BigInt(value), true));
  }
  return bytes;
}

function endRecords(count: number, centralOffset: number, entriesLength: number): Uint8Array {
  const zip64 = needsZip64End(count, centralOffset, entriesLength);
  const bytes = new Uint8Array(endLength(count, centralOffset, entriesLength));
  const view = new DataView(bytes.buffer);
  let at = 0;
  if (zip64) {
    view.setUint32(0, 0x06064b50, true);
    view.setBigUint64(4, BigInt(ZIP64_END - 12), true);
    view.setUint16(12, VERSION_ZIP64, true);
    view.setUint16(14, VERSION_ZIP64, true);
    view.setBigUint64(24, BigInt(count), true);
    view.setBigUint64(32, BigInt(count), true);
    view.setBigUint64(40, BigInt(entriesLength), true);
    view.setBigUint64(48, BigInt(centralOffset), true);
    view.setUint32(ZIP64_END, 0x07064b50, true);
    view.setBigUint64(ZIP64_END + 8, BigInt(centralOffset + entriesLength), true);
    view.setUint32(ZIP64_END + 16, 1, true);
    at = ZIP64_END + ZIP64_LOCATOR;
  }
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, Math.min(count, MAX_16), true);
  view.setUint16(at + 10, Math.min(count, MAX_16), true);
  view.setUint32(at + 12, Math.min(entriesLength, MAX_32), true);
  view.setUint32(at + 16, Math.min(centralOffset, MAX_32), true);
  return bytes;
}

/** The central directory and end records, once every CRC is known (`crcs[i]` for members without one). */
export function centralDirectory(layout: ZipLayout, crcs: ReadonlyMap<number, number>): Uint8Array {
  const entries = layout.members.map((member, i) => centralEntry(member, member.crc32 ?? crcs.get(i) ?? 0, layout.headerOffsets[i] ?? 0));
  const entriesLength = entries.reduce((sum, e) => sum + e.length, 0);
  const central = layout.parts.at(-1);
  const centralOffset = central?.offset ?? 0;
  const end = endRecords(layout.members.length, centralOffset, entriesLength);
  const bytes = new Uint8Array(entriesLength + end.length);
  let at = 0;
  for (const entry of [...entries, end]) {
    bytes.set(entry, at);
    at += entry.length;
  }
  return bytes;
}
