import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Hostile spreadsheets for tests and the bench, built in memory in well under a second: ZIP bombs that unpack to
 * hundreds of megabytes from about a megabyte, and workbooks whose structure (nesting, sheet count, overlapping
 * entries) is the attack. The ZIP container is written here by hand so that a test can make it lie.
 */

interface Deflated {
  bytes: Buffer;
  size: number;
  crc: number;
}

export interface ZipPart {
  name: string;
  /** The part's content; or, for a bomb, its deflated stream made by repeatedDeflate. */
  content: string | Buffer | Deflated;
  /** The uncompressed size written in the headers, when it should lie. */
  declaredSize?: number;
}

const deflatedOf = (content: ZipPart['content']): Deflated => {
  if (typeof content === 'string' || Buffer.isBuffer(content)) {
    const raw = Buffer.from(content);
    return { bytes: deflateRawSync(raw), size: raw.length, crc: crc32(raw) };
  }
  return content;
};

/**
 * A deflate stream of `head`, then `chunk` `times` over, then `tail`, made without ever holding the whole: each piece
 * is compressed on its own and ends with a full flush, so the pieces' streams can simply be concatenated.
 */
export function repeatedDeflate(head: string | Buffer, chunk: string | Buffer, times: number, tail: string | Buffer): Deflated {
  const [h, c, t] = [Buffer.from(head), Buffer.from(chunk), Buffer.from(tail)];
  const flushed = (b: Buffer) => deflateRawSync(b, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const packedChunk = flushed(c);
  const pieces = [flushed(h), ...Array.from({ length: times }, () => packedChunk), deflateRawSync(t, { level: 9 })];
  let crc = crc32(h);
  for (let i = 0; i < times; i++) crc = crc32(c, crc);
  crc = crc32(t, crc);
  return { bytes: Buffer.concat(pieces), size: h.length + c.length * times + t.length, crc };
}

/** A ZIP archive of `parts`; `aliases` adds directory entries that point at another part's bytes (overlapping). */
export function zipArchive(parts: ZipPart[], aliases: { name: string; sameAs: string }[] = []): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  const placed = new Map<string, { offset: number; header: Buffer }>();
  let offset = 0;
  const centralEntry = (name: Buffer, fields: Buffer, at: number) => {
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    fields.copy(entry, 6, 4, 30); // version needed … extra length, as in the local header
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(at, 42);
    central.push(entry, name);
  };
  for (const part of parts) {
    const packed = deflatedOf(part.content);
    const name = Buffer.from(part.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x800, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(packed.crc >>> 0, 14);
    header.writeUInt32LE(packed.bytes.length, 18);
    header.writeUInt32LE(part.declaredSize ?? packed.size, 22);
    header.writeUInt16LE(name.length, 26);
    locals.push(header, name, packed.bytes);
    placed.set(part.name, { offset, header });
    centralEntry(name, header, offset);
    offset += header.length + name.length + packed.bytes.length;
  }
  for (const alias of aliases) {
    const target = placed.get(alias.sameAs)!;
    centralEntry(Buffer.from(alias.name, 'utf8'), target.header, target.offset);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length + aliases.length, 8);
  end.writeUInt16LE(parts.length + aliases.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A sheet's XML with `rows` as inline strings. */
export function sheetXml(rows: string[][], inner = ''): string {
  const body = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells.map((cell) => `<c t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`).join('')}</row>`,
    )
    .join('');
  return `${XML}<worksheet xmlns="${MAIN}"><sheetData>${body}${inner}</sheetData></worksheet>`;
}

/** The parts of a workbook whose first sheet holds `sheet` (XML), with `sheets` sheets in all and `extra` parts. */
export function workbookParts(options: { sheet: string | Deflated; sheets?: number; extra?: ZipPart[] }): ZipPart[] {
  const sheets = options.sheets ?? 1;
  const sheetIds = Array.from({ length: sheets }, (_, i) => i + 1);
  return [
    {
      name: '[Content_Types].xml',
      content: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      content: `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheetIds.map((i) => `<sheet name="S${i}" sheetId="${i}" r:id="rId${i}"/>`).join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `${XML}<Relationships xmlns="${PKG_REL}">${sheetIds.map((i) => `<Relationship Id="rId${i}" Type="${REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join('')}<Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', content: options.sheet },
    ...sheetIds.slice(1).map((i) => ({ name: `xl/worksheets/sheet${i}.xml`, content: sheetXml([['x']]) })),
    ...(options.extra ?? []),
  ];
}

export const SMALL_SHEET = sheetXml([
  ['Institution', 'Program'],
  ['UVic', 'Arts'],
]);

/** What each hostile file is, and what the server must answer. */
export interface HostileFile {
  name: string;
  bytes: Buffer;
  contentType: string;
  status: number;
  message: RegExp;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MiB = 1024 * 1024;

/** The shared-strings bomb of the finding: a tiny string millions of times, ≈ 512 MB unpacked from about half a MB. */
function sharedStringsBomb(lie: boolean): Buffer {
  const strings = repeatedDeflate(`${XML}<sst xmlns="${MAIN}">`, '<si><t>a</t></si>'.repeat(MiB / 16), 512, '</sst>');
  return zipArchive(
    workbookParts({
      sheet: SMALL_SHEET,
      extra: [{ name: 'xl/sharedStrings.xml', content: strings, ...(lie ? { declaredSize: 4096 } : {}) }],
    }),
  );
}

export function hostileFiles(): HostileFile[] {
  const zeros = Buffer.alloc(MiB);
  return [
    {
      name: 'shared strings bomb (sizes declared)',
      bytes: sharedStringsBomb(false),
      contentType: XLSX,
      status: 413,
      message: /larger than 32 MB once unpacked/,
    },
    {
      name: 'shared strings bomb (sizes that lie)',
      bytes: sharedStringsBomb(true),
      contentType: XLSX,
      status: 413,
      message: /larger than 32 MB once unpacked/,
    },
    {
      name: '1 GiB of zeros as an image',
      bytes: zipArchive(
        workbookParts({
          sheet: SMALL_SHEET,
          extra: [{ name: 'xl/media/image1.png', content: repeatedDeflate('\x89PNG', zeros, 1024, '') }],
        }),
      ),
      contentType: XLSX,
      status: 413,
      message: /once unpacked/,
    },
    {
      name: 'deep XML nesting',
      bytes: zipArchive(
        workbookParts({ sheet: sheetXml([['Institution']], `${'<x>'.repeat(100_000)}${'</x>'.repeat(100_000)}`) }),
      ),
      contentType: XLSX,
      status: 400,
      message: /nested more than 64 levels/,
    },
    {
      name: '5,000 sheets',
      bytes: zipArchive(workbookParts({ sheet: SMALL_SHEET, sheets: 5000 })),
      contentType: XLSX,
      status: 400,
      message: /5,00\d parts; at most 1,000/,
    },
    {
      name: 'overlapping entries',
      bytes: zipArchive(
        workbookParts({ sheet: SMALL_SHEET }),
        Array.from({ length: 500 }, (_, i) => ({ name: `xl/worksheets/copy${i}.xml`, sameAs: 'xl/worksheets/sheet1.xml' })),
      ),
      contentType: XLSX,
      status: 400,
      message: /overlap/,
    },
    {
      name: 'CSV of 5 MB of blank lines',
      bytes: Buffer.from(`Institution,Program\n${'\n'.repeat(5 * MiB - 100)}`),
      contentType: 'text/csv',
      status: 400,
      message: /more than 100,000 lines/,
    },
    {
      name: 'CSV row of 20,000 columns',
      bytes: Buffer.from(`Institution,Program\nUVic,${','.repeat(20_000)}\n`),
      contentType: 'text/csv',
      status: 400,
      message: /columns; a spreadsheet has at most 16,384/,
    },
    {
      name: 'CSV of 5 MB of commas on short lines',
      bytes: Buffer.from(`Institution,Program\n${`${','.repeat(99)}\n`.repeat(50_000)}`),
      contentType: 'text/csv',
      status: 400,
      message: /more than 2,000,000 cells/,
    },
    {
      name: 'CSV with a 1 MB line',
      bytes: Buffer.from(`Institution,Program\n${'UVic,Arts,'.repeat(MiB / 10)}\n`),
      contentType: 'text/csv',
      status: 400,
      message: /line of the file is longer than 100,000 characters/,
    },
  ];
}

/**
 * A workbook that is heavy but within every cap: 1.4 million shared strings (31 MB of XML from about 4 MB) under a
 * two-row sheet. It takes the reader a second or more, which is what shows whether reading blocks other requests.
 * `count`: fewer strings, for a file that need only take long enough to overlap others.
 */
export function heavyWorkbook(count = 1_400_000): Buffer {
  const strings = [`${XML}<sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">`];
  for (let i = 0; i < count; i++) strings.push(`<si><t>${i}</t></si>`);
  strings.push('</sst>');
  const sheet = `${XML}<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>${count - 1}</v></c><c r="B2"><v>7</v></c></row></sheetData></worksheet>`;
  return zipArchive(workbookParts({ sheet, extra: [{ name: 'xl/sharedStrings.xml', content: strings.join('') }] }));
}

/** A workbook holding a 1 GiB image whose headers say it is small: only the sheet is read, so it imports. */
export function workbookWithHiddenImageBomb(): Buffer {
  const image = repeatedDeflate('\x89PNG', Buffer.alloc(MiB), 1024, '');
  return zipArchive(
    workbookParts({
      sheet: SMALL_SHEET,
      extra: [{ name: 'xl/media/image1.png', content: image, declaredSize: image.bytes.length }],
    }),
  );
}
