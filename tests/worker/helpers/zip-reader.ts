import { crc32 } from 'node:zlib';

/** One member as a strict reader sees it: the central directory's record, checked against its local header and data. */
export interface ReadMember {
  name: string;
  flags: number;
  crc32: number;
  size: number;
  data: Uint8Array;
  /** MS-DOS time and date fields (APPNOTE 4.4.6), the same in the central entry and the local header. */
  dosTime: number;
  dosDate: number;
}

const u16 = (view: DataView, at: number) => view.getUint16(at, true);
const u32 = (view: DataView, at: number) => view.getUint32(at, true);

/**
 * Reads a stored zip the way `unzip -t` tests one: the end record, every central entry, its local header,
 * its data, its data descriptor if flagged, and the CRC-32 of the data (computed here, independently of the
 * Worker's code). Throws on the first inconsistency. ZIP64 is out of scope (the tests' zips are small).
 */
export function readStoredZip(bytes: Uint8Array): ReadMember[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  if (u32(view, end) !== 0x06054b50) throw new Error('no end of central directory record at the end');
  const count = u16(view, end + 10);
  const centralLength = u32(view, end + 12);
  let at = u32(view, end + 16);
  if (at + centralLength !== end) throw new Error('the central directory does not end where the end record starts');
  const members: ReadMember[] = [];
  for (let i = 0; i < count; i++) {
    if (u32(view, at) !== 0x02014b50) throw new Error(`central entry ${i}: bad signature`);
    const flags = u16(view, at + 8);
    const dosTime = u16(view, at + 12);
    const dosDate = u16(view, at + 14);
    const crc = u32(view, at + 16);
    const size = u32(view, at + 24);
    if (u16(view, at + 10) !== 0 || u32(view, at + 20) !== size) throw new Error(`central entry ${i}: not stored`);
    const nameLength = u16(view, at + 28);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const local = u32(view, at + 42);
    at += 46 + nameLength + u16(view, at + 30) + u16(view, at + 32);

    if (u32(view, local) !== 0x04034b50) throw new Error(`${name}: bad local header`);
    if (u16(view, local + 6) !== flags) throw new Error(`${name}: local flags differ from the central ones`);
    if (u16(view, local + 10) !== dosTime || u16(view, local + 12) !== dosDate) throw new Error(`${name}: local date or time differ from the central ones`);
    const localName = new TextDecoder().decode(bytes.subarray(local + 30, local + 30 + u16(view, local + 26)));
    if (localName !== name) throw new Error(`${name}: local name '${localName}' differs`);
    const dataStart = local + 30 + u16(view, local + 26) + u16(view, local + 28);
    const data = bytes.subarray(dataStart, dataStart + size);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC-32 of the data is ${crc32(data)}, the directory says ${crc}`);
    if (flags & 0x0008) {
      const descriptor = dataStart + size;
      if (u32(view, descriptor) !== 0x08074b50 || u32(view, descriptor + 4) !== crc || u32(view, descriptor + 8) !== size) {
        throw new Error(`${name}: bad data descriptor`);
      }
    } else if (u32(view, local + 14) !== crc || u32(view, local + 22) !== size) {
      throw new Error(`${name}: local header CRC or size differ`);
    }
    members.push({ name, flags, crc32: crc, size, data, dosTime, dosDate });
  }
  return members;
}
