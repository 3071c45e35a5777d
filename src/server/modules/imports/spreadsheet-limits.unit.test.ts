import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { refusalError } from '../../http-errors.ts';
import { Refused } from '../../refusals.ts';
import {
  heavyWorkbook,
  repeatedDeflate,
  sheetXml,
  SMALL_SHEET,
  workbookParts,
  zipArchive,
} from '../../test/hostile-spreadsheets.ts';
import { readSpreadsheet } from './import-files.ts';
import { parseInWorker } from './parse-in-worker.ts';

/**
 * The caps of decision 014 one by one, on the reader itself (the API test posts the bombs while others read). Each
 * file here breaks exactly one rule.
 */

const MiB = 1024 * 1024;

function refusal(bytes: Buffer, kind: 'csv' | 'xlsx' = 'xlsx'): { status: number; message: string } {
  try {
    readSpreadsheet(bytes, kind);
  } catch (err) {
    if (err instanceof Refused) {
      const answer = refusalError(err.refusal);
      return { status: answer.statusCode, message: answer.message };
    }
    throw err;
  }
  throw new Error('the file was read');
}

/** A worker's refusal as the API answers it (refusalError maps every refusal, decision 038). */
const asAnswer = (err: unknown) => {
  throw err instanceof Refused ? refusalError(err.refusal) : err;
};

const withPart = (name: string, content: string | Buffer | ReturnType<typeof repeatedDeflate>, declaredSize?: number) =>
  zipArchive(workbookParts({ sheet: SMALL_SHEET, extra: [{ name, content, declaredSize }] }));

describe('spreadsheet caps (decision 014)', () => {
  it('reads a workbook it may read: strings, numbers, blank rows inside the data, row gaps', () => {
    const sheet = `<?xml version="1.0"?><worksheet xmlns="x"><sheetData>
      <row r="1"><c r="A1" t="inlineStr"><is><t>Institution</t></is></c><c r="C1" t="inlineStr"><is><r><t>Stud</t></r><r><t>ents</t></r></is></c></row>
      <row r="3"><c r="A3" t="inlineStr"><is><t>UVic &amp; co</t></is></c><c r="C3"><v>0.30000000000000004</v></c></row>
      <row r="4"/><row r="9"><c r="B9" t="b"><v>1</v></c></row></sheetData></worksheet>`;
    expect(readSpreadsheet(zipArchive(workbookParts({ sheet })), 'xlsx')).toEqual({
      columns: ['Institution', 'Column B', 'Students'],
      rows: [['', '', ''], ['UVic & co', '', '0.3'], ...Array.from({ length: 5 }, () => ['', '', '']), ['', 'TRUE', '']],
    });
  });

  it('keeps blank CSV lines inside the data as rows and drops those after it', () => {
    expect(readSpreadsheet(Buffer.from('A,B\n1,2\n\n\n3,"x\ny"\n\n\n'), 'csv')).toEqual({
      columns: ['A', 'B'],
      rows: [
        ['1', '2'],
        ['', ''],
        ['', ''],
        ['3', 'x\ny'],
      ],
    });
  });

  it('keeps the file’s row numbers with quoted line breaks of every kind (CRLF, LF, CR)', () => {
    for (const eol of ['\r\n', '\n', '\r']) {
      const text = ['A,B', `1,"x${eol}y${eol}z"`, '', '2,w', ''].join(eol);
      expect(readSpreadsheet(Buffer.from(text), 'csv'), JSON.stringify(eol)).toEqual({
        columns: ['A', 'B'],
        rows: [
          ['1', `x${eol}y${eol}z`],
          ['', ''],
          ['2', 'w'],
        ],
      });
    }
  });

  it('refuses a CSV line with fewer cells than its headings, naming the line; blank lines and an export’s notes are no such line', () => {
    expect(refusal(Buffer.from('Record ID,Status,Notes\n1,draft,a\n2,draft\n'), 'csv')).toEqual({
      status: 400,
      message: expect.stringMatching(/^Line 3 of the file has 2 cells, but its headings have 3/),
    });
    // A heading left blank at the end names no column: a line may stop before it.
    const notes = 'All 3 returns of the chosen periods are approved.';
    expect(readSpreadsheet(Buffer.from(`A,B,\n1,2\n\n,\n${notes}\n`), 'csv')).toEqual({
      columns: ['A', 'B'],
      rows: [['1', '2']],
    });
  });

  it('refuses a part declared larger than 32 MB, and all parts together declared larger than 128 MB', () => {
    const honest = repeatedDeflate('', Buffer.alloc(MiB, 0x41), 40, '');
    expect(refusal(withPart('xl/media/a.bin', honest))).toMatchObject({
      status: 413,
      message: expect.stringMatching(/larger than 32 MB once unpacked/),
    });
    // Each says 30 MB from 200 KB of noise: under the part cap and the ratio, over the total together.
    const parts = Array.from({ length: 5 }, (_, i) => ({
      name: `xl/media/${i}.bin`,
      content: randomBytes(200 * 1024),
      declaredSize: 30 * MiB,
    }));
    expect(refusal(zipArchive(workbookParts({ sheet: SMALL_SHEET, extra: parts })))).toMatchObject({
      status: 413,
      message: expect.stringMatching(/larger than 128 MB once unpacked/),
    });
  });

  it('refuses a part compressed more than 200 to 1, declared or found while inflating', () => {
    const zeros = repeatedDeflate('', Buffer.alloc(MiB), 8, '');
    expect(refusal(withPart('xl/media/a.bin', zeros))).toMatchObject({
      status: 413,
      message: expect.stringMatching(/more than 200 times/),
    });
    const lying = repeatedDeflate('<sst>', '<si><t>a</t></si>'.repeat(MiB / 16), 8, '</sst>');
    expect(refusal(withPart('xl/sharedStrings.xml', lying, 1000))).toMatchObject({
      status: 413,
      message: expect.stringMatching(/more than 200 times/),
    });
  });

  it('refuses two parts of one name, encrypted parts, a DOCTYPE', () => {
    const twice = zipArchive([
      ...workbookParts({ sheet: SMALL_SHEET }),
      { name: 'xl/worksheets/sheet1.xml', content: sheetXml([['Other']]) },
    ]);
    expect(refusal(twice)).toMatchObject({
      status: 400,
      message: expect.stringMatching(/two parts named xl\/worksheets\/sheet1.xml/),
    });

    const encrypted = zipArchive(workbookParts({ sheet: SMALL_SHEET }));
    encrypted.writeUInt16LE(encrypted.readUInt16LE(6) | 1, 6); // the first local header
    const central = encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(encrypted.readUInt16LE(central + 8) | 1, central + 8);
    expect(refusal(encrypted)).toMatchObject({ status: 400, message: expect.stringMatching(/could not be opened/) });

    const entities = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>`;
    expect(refusal(zipArchive(workbookParts({ sheet: entities })))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/declares a document type/),
    });
  });

  it('refuses a file whose cells hold more than 12,000,000 characters in all (one long shared string everywhere)', () => {
    const long = 'x'.repeat(10_000);
    const row = (r: number) => `<row r="${r}">${'<c t="s"><v>0</v></c>'.repeat(100)}</row>`;
    const sheet = `<worksheet><sheetData>${Array.from({ length: 200 }, (_, i) => row(i + 1)).join('')}</sheetData></worksheet>`;
    const strings = `<sst><si><t>${long}</t></si></sst>`;
    const bytes = zipArchive(workbookParts({ sheet, extra: [{ name: 'xl/sharedStrings.xml', content: strings }] }));
    expect(refusal(bytes)).toMatchObject({
      status: 400,
      message: expect.stringMatching(/more than 12,000,000 characters in all/),
    });
  });

  it('ends a worker that runs past its time or out of its memory, and answers in words', async () => {
    const heavy = heavyWorkbook();
    await expect(parseInWorker(heavy, 'xlsx', null, { timeMs: 50, heapMb: 256 }).catch(asAnswer)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/took longer than 0.05 seconds/),
    });
    await expect(parseInWorker(heavy, 'xlsx', null, { timeMs: 60_000, heapMb: 16 }).catch(asAnswer)).rejects.toMatchObject({
      statusCode: 413,
      message: expect.stringMatching(/needs more than 16 MB of memory/),
    });
  }, 120_000);
});
