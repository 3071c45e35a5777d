import { inflateRawSync } from 'node:zlib';
import { refuse, Refused } from '../../refusals.ts';
import {
  MAX_COMPRESSION_RATIO,
  MAX_READ_TOTAL_BYTES,
  MAX_UNPACKED_PART_BYTES,
  MAX_UNPACKED_TOTAL_BYTES,
  MAX_ZIP_ENTRIES,
  RATIO_FLOOR_BYTES,
  megabytes,
} from './import-limits.ts';

/**
 * Reads the entries of a ZIP archive (an XLSX workbook) without trusting it: the central directory is walked and
 * checked (entry count, declared sizes and ratios, entries that overlap or share a name) before anything is inflated,
 * and each part read is inflated with its output counted and cut off at the cap, whatever its header declared.
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  /** Where the entry's local header starts, and where its compressed bytes start and end, in the archive. */
  localOffset: number;
  dataStart: number;
  dataEnd: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

const damaged = () =>
  refuse(
    'file',
    'This Excel workbook could not be opened: it may be damaged or protected by a password. Save it again as .xlsx or CSV.',
  );
const tooLargeUnpacked = (limit: string) =>
  new Refused({
    kind: 'too-large',
    message: `This workbook is larger than ${limit} once unpacked; it cannot be imported. ${saveAsCsv}`,
    fieldErrors: { file: [`Larger than ${limit} once unpacked`] },
  });
const saveAsCsv = 'Save the sheet to import as CSV, or copy it alone into a new workbook, and upload that.';

/** The archive's end-of-central-directory record: it sits in the last 64 KB (plus its own 22 bytes). */
function findEndRecord(zip: Buffer): number {
  const earliest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= earliest; at--) {
    if (zip.readUInt32LE(at) === EOCD) return at;
  }
  throw damaged();
}

/** Lists the archive's entries, refusing one whose layout or declared sizes make it hostile or unreadable. */
export function listZipEntries(zip: Buffer): Map<string, ZipEntry> {
  if (zip.length < 22) throw damaged();
  const end = findEndRecord(zip);
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryStart = zip.readUInt32LE(end + 16);
  if (count > MAX_ZIP_ENTRIES) {
    throw refuse(
      'file',
      `This workbook holds ${count.toLocaleString('en-CA')} parts; at most ${MAX_ZIP_ENTRIES.toLocaleString('en-CA')} can be read. ${saveAsCsv}`,
    );
  }
  if (directoryStart + directorySize > end) throw damaged();

  const entries = new Map<string, ZipEntry>();
  let declaredTotal = 0;
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw damaged();
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const declaredSize = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    // Encrypted entries (flag bit 0) and anything but stored or deflated cannot be read.
    if (flags & 1 || (method !== STORED && method !== DEFLATED)) throw damaged();
    // 0xFFFFFFFF means the real size is in a ZIP64 field: over 4 GB, far past any cap.
    if (declaredSize === 0xffffffff || compressedSize === 0xffffffff) throw tooLargeUnpacked(megabytes(MAX_UNPACKED_PART_BYTES));
    if (declaredSize > MAX_UNPACKED_PART_BYTES) throw tooLargeUnpacked(megabytes(MAX_UNPACKED_PART_BYTES));
    checkRatio(declaredSize, compressedSize);
    declaredTotal += declaredSize;
    if (declaredTotal > MAX_UNPACKED_TOTAL_BYTES) throw tooLargeUnpacked(megabytes(MAX_UNPACKED_TOTAL_BYTES));

    if (localOffset + 30 > directoryStart || zip.readUInt32LE(localOffset) !== LOCAL) throw damaged();
    const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const dataEnd = dataStart + compressedSize;
    if (dataEnd > directoryStart) throw damaged();
    // Two directory entries under one name would let the part checked differ from the part read.
    if (entries.has(name)) throw refuse('file', `This workbook holds two parts named ${name.slice(0, 80)}; it cannot be read.`);
    entries.set(name, { name, method, compressedSize, declaredSize, localOffset, dataStart, dataEnd });
  }

  // Entries whose bytes overlap are how a small archive inflates its data many times over (an "overlapping" bomb).
  const spans = [...entries.values()].map((e) => ({ start: e.localOffset, end: e.dataEnd })).sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++) {
    if (spans[i]!.start < spans[i - 1]!.end) {
      throw refuse('file', 'This workbook’s parts overlap one another inside the file, so it cannot be read safely.');
    }
  }
  return entries;
}

function checkRatio(unpacked: number, packed: number): void {
  if (unpacked > RATIO_FLOOR_BYTES && unpacked > packed * MAX_COMPRESSION_RATIO) {
    throw new Refused({
      kind: 'too-large',
      message: `A part of this workbook unpacks to more than ${MAX_COMPRESSION_RATIO} times its packed size, as no spreadsheet does; it cannot be imported.`,
      fieldErrors: { file: [`Compressed more than ${MAX_COMPRESSION_RATIO} to 1`] },
    });
  }
}

/** Counts the bytes inflated across every part read from one archive, against MAX_READ_TOTAL_BYTES. */
export class ZipReader {
  private readTotal = 0;

  constructor(
    private readonly zip: Buffer,
    readonly entries: Map<string, ZipEntry>,
  ) {}

  /** One part's bytes, or null when the archive has no such part. */
  read(name: string): Buffer | null {
    const entry = this.entries.get(name);
    if (!entry) return null;
    const packed = this.zip.subarray(entry.dataStart, entry.dataEnd);
    const cap = Math.min(MAX_UNPACKED_PART_BYTES, MAX_READ_TOTAL_BYTES - this.readTotal);
    const capName = megabytes(cap === MAX_UNPACKED_PART_BYTES ? cap : MAX_READ_TOTAL_BYTES);
    if (entry.method === STORED) {
      if (packed.length > cap) throw tooLargeUnpacked(capName);
      this.readTotal += packed.length;
      return packed;
    }
    // The declared size is not trusted: zlib counts its output chunk by chunk and stops once it passes the limit.
    const ratioCap = Math.max(RATIO_FLOOR_BYTES, packed.length * MAX_COMPRESSION_RATIO);
    let bytes: Buffer;
    try {
      bytes = inflateRawSync(packed, { maxOutputLength: Math.min(cap, ratioCap) });
    } catch (err) {
      if ((err as { code?: string }).code !== 'ERR_BUFFER_TOO_LARGE') throw damaged();
      if (ratioCap < cap) checkRatio(ratioCap + 1, packed.length);
      throw tooLargeUnpacked(capName);
    }
    this.readTotal += bytes.length;
    return bytes;
  }
}
