import { describe, expect, it } from 'vitest';
import type { ReportColumn } from '../../../../shared/schemas/report.ts';
import { REPORT_COLUMN_GROUPS, reportHead, type ReportColumnGroup } from './report-column-groups.ts';

const col = (key: string, label: string, kind: ReportColumn['kind'] = 'count'): ReportColumn => ({ key, label, kind });

const tuition = [
  col('institution', 'Institution', 'text'),
  col('programs', 'Programs'),
  col('fee_min', 'Domestic fee: lowest', 'money'),
  col('fee_max', 'Domestic fee: highest', 'money'),
  col('employers_total', 'Employers'),
  col('employers_new', 'New employers'),
];
const groups: ReportColumnGroup[] = [
  {
    label: 'Domestic fee',
    columns: [
      ['fee_min', 'Lowest'],
      ['fee_max', 'Highest'],
    ],
  },
  {
    label: 'Employers',
    columns: [
      ['employers_total', 'All'],
      ['employers_new', 'New'],
    ],
    optional: true,
  },
];

describe('reportHead', () => {
  it('puts each group over its columns and the others across both heading rows, in the table order', () => {
    const head = reportHead(tuition, groups);
    expect(head.top?.map((t) => (t.kind === 'group' ? `${t.label}/${t.columns.length}` : t.column.key))).toEqual([
      'institution',
      'programs',
      'Domestic fee/2',
      'Employers/2',
    ]);
    expect(head.columns.map((c) => c.short)).toEqual(['Institution', 'Programs', 'Lowest', 'Highest', 'All', 'New']);
  });

  it("reads a short heading by the column's own label when that holds its words, else by the group's and its own", () => {
    const names = reportHead(tuition, groups).columns.map((c) => c.name);
    // "Lowest" is part of "Domestic fee: lowest", "New" of "New employers"; "All" is not part of "Employers".
    expect(names).toEqual([
      'Institution',
      'Programs',
      'Domestic fee: lowest',
      'Domestic fee: highest',
      'Employers: All',
      'New employers',
    ]);
  });

  it('marks the columns of an optional group and lists the group for its checkbox', () => {
    const head = reportHead(tuition, groups);
    expect(head.columns.filter((c) => c.optional).map((c) => c.key)).toEqual(['employers_total', 'employers_new']);
    expect(head.optional).toEqual([{ label: 'Employers', keys: ['employers_total', 'employers_new'] }]);
  });

  it('leaves a group out when its columns are missing, apart or in another order, the columns keeping their labels', () => {
    for (const columns of [
      tuition.filter((c) => c.key !== 'fee_max'),
      [tuition[0]!, tuition[2]!, tuition[1]!, tuition[3]!],
      [tuition[0]!, tuition[3]!, tuition[2]!],
    ]) {
      const head = reportHead(columns, groups.slice(0, 1));
      expect(head.top).toBeNull();
      expect(head.columns.map((c) => c.short)).toEqual(columns.map((c) => c.label));
    }
  });

  it('gives a column a short heading without a spanning one when its group has no label', () => {
    const head = reportHead(
      [col('a', 'A'), col('wage', 'Average hourly wage (weighted by placements)', 'money')],
      [{ columns: [['wage', 'Average hourly wage (weighted)']] }],
    );
    expect(head.top).toBeNull();
    expect(head.columns[1]).toMatchObject({
      short: 'Average hourly wage (weighted)',
      name: 'Average hourly wage (weighted by placements)',
    });
  });

  it('is one heading row per column for a report without groups', () => {
    const head = reportHead(tuition);
    expect(head.top).toBeNull();
    expect(head.optional).toEqual([]);
    expect(head.columns.every((c) => c.short === c.label && c.name === c.label && !c.optional)).toBe(true);
  });

  it('names every column of the ten reports at most once, each group with columns', () => {
    for (const [type, layout] of Object.entries(REPORT_COLUMN_GROUPS)) {
      const keys = layout.flatMap((g) => g.columns.map(([key]) => key));
      expect(new Set(keys).size, type).toBe(keys.length);
      for (const group of layout) expect(group.columns.length, type).toBeGreaterThan(0);
    }
  });
});
