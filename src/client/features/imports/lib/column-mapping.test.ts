import { describe, expect, it } from 'vitest';
import { COUNT_FIELDS, MONEY_FIELDS, RECORD_FIELD_LABELS } from '../../../../shared/record-rules.ts';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, MAX_IMPORT_FILE_BYTES } from '../../../../shared/schemas/import.ts';
import {
  duplicateColumns,
  fieldForHeading,
  loadRememberedMapping,
  mappingProblems,
  normalizeHeading,
  rememberMapping,
  saveRememberedMapping,
  suggestMapping,
} from './column-mapping.ts';
import { checkImportFile, columnLetter } from './import-file.ts';

/** The record export's headers (src/server/modules/exports/record-export.ts), in its order. */
const EXPORT_HEADERS = [
  'Record ID',
  'Institution',
  'Institution name',
  'Program',
  'Discipline grouping',
  'Credential',
  'WIL type',
  'Fiscal year',
  'Term',
  'Status',
  // Each figure under its label, in record-rules.ts's order.
  ...[...COUNT_FIELDS, ...MONEY_FIELDS].map((field) => RECORD_FIELD_LABELS[field]),
  'Notes',
  'Last changed (UTC)',
  'Record version',
];

describe('matching headings to fields', () => {
  it('ignores case, spaces, accents and punctuation', () => {
    expect(normalizeHeading(' Students  Placed ')).toBe('studentsplaced');
    expect(normalizeHeading('students_placed')).toBe('studentsplaced');
    expect(normalizeHeading('Co-op fee (domestic)')).toBe('coopfeedomestic');
    expect(normalizeHeading('Année fiscale')).toBe('anneefiscale');
    expect(fieldForHeading('STUDENTS PLACED')).toBe('students_placed');
    expect(fieldForHeading('students_placed')).toBe('students_placed');
    expect(fieldForHeading('Placed')).toBe('students_placed');
    expect(fieldForHeading('FY')).toBe('fiscal_year');
    expect(fieldForHeading('Favourite colour')).toBeNull();
  });

  it('maps every field of an exported file to its column, and nothing else', () => {
    const mapping = suggestMapping(EXPORT_HEADERS);
    expect(Object.keys(mapping).sort()).toEqual(IMPORT_FIELDS.filter((f) => f !== 'program_id').sort());
    for (const [field, index] of Object.entries(mapping)) {
      expect(EXPORT_HEADERS[index]).toBe(IMPORT_FIELD_LABELS[field as keyof typeof IMPORT_FIELD_LABELS]);
    }
    // "Institution name" is not the short name the rows are matched by.
    expect(mapping.institution).toBe(1);
  });

  it('an exact label wins over an alias, and no column goes to two fields', () => {
    // "International" is an alias of work terms outside Canada; the column headed by the field's label wins.
    const mapping = suggestMapping(['International', 'Work terms outside Canada', 'Placed', 'Students placed']);
    expect(mapping).toEqual({ wt_international: 1, students_placed: 3 });
    expect(duplicateColumns(mapping).size).toBe(0);
  });

  it('uses the remembered mapping by heading, wherever the column now is, then fills gaps from headings', () => {
    const remembered = { students_placed: 'Total hired', program: 'Prog', notes: 'Gone column' };
    const mapping = suggestMapping(['Inst', 'Prog', 'Students enrolled', 'Total hired'], { ...remembered, institution: 'Inst' });
    expect(mapping).toEqual({ institution: 0, program: 1, students_enrolled: 2, students_placed: 3 });
    expect(rememberMapping(['Inst', 'Prog', 'Students enrolled', 'Total hired'], mapping)).toEqual({
      institution: 'Inst',
      program: 'Prog',
      students_enrolled: 'Students enrolled',
      students_placed: 'Total hired',
    });
  });

  it('finds fields that share a column', () => {
    expect([...duplicateColumns({ institution: 0, program: 1, notes: 1 })]).toEqual([['notes', 'program']]);
  });

  it('remembers a mapping in storage, and survives storage that is broken or holds junk', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    saveRememberedMapping({ program: 'Prog' }, storage);
    expect(loadRememberedMapping(storage)).toEqual({ program: 'Prog' });
    store.set([...store.keys()][0]!, '{"program": 3, "colour": "red", "notes": "Comments"}');
    expect(loadRememberedMapping(storage)).toEqual({ notes: 'Comments' });
    store.set([...store.keys()][0]!, 'not json');
    expect(loadRememberedMapping(storage)).toEqual({});
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadRememberedMapping(broken)).toEqual({});
    expect(() => saveRememberedMapping({ program: 'P' }, broken)).not.toThrow();
  });
});

describe('checking a chosen file', () => {
  it('sends CSV and XLSX by their names, and refuses other kinds and large files before uploading', () => {
    expect(checkImportFile({ name: 'Figures.CSV', size: 10 })).toEqual({ ok: true, contentType: 'text/csv' });
    expect(checkImportFile({ name: 'figures.xlsx', size: 10 })).toEqual({
      ok: true,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(checkImportFile({ name: 'old.xls', size: 10 })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/old Excel/),
    });
    expect(checkImportFile({ name: 'notes.pdf', size: 10 })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not a CSV/),
    });
    expect(checkImportFile({ name: 'big.csv', size: MAX_IMPORT_FILE_BYTES + 1 })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/larger than 5 MB/),
    });
    expect(checkImportFile({ name: 'limit.csv', size: MAX_IMPORT_FILE_BYTES }).ok).toBe(true);
  });

  it('names columns by letter', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

describe('what stops a mapping from being checked', () => {
  const words = { identify: 'identify', fiscalYear: 'year', term: 'term' };
  it('needs a way to identify programs, and a fiscal year and term per row', () => {
    expect(mappingProblems({}, { fiscalYear: '', term: '' }, words)).toEqual(['identify', 'year', 'term']);
    expect(mappingProblems({ institution: 0 }, { fiscalYear: '2024/25', term: 'Fall' }, words)).toEqual(['identify']);
    expect(mappingProblems({ institution: 0, program: 1 }, { fiscalYear: ' ', term: 'Fall' }, words)).toEqual(['year']);
    expect(mappingProblems({ institution: 0, program: 1, fiscal_year: 2, term: 3 }, { fiscalYear: '', term: '' }, words)).toEqual(
      [],
    );
    expect(mappingProblems({ program_id: 0 }, { fiscalYear: '2024/25', term: 'Spring' }, words)).toEqual([]);
    // A Record ID brings its record's own fiscal year and term.
    expect(mappingProblems({ record_id: 0 }, { fiscalYear: '', term: '' }, words)).toEqual([]);
  });
});
