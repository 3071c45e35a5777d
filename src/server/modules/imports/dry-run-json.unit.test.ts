import { describe, expect, it } from 'vitest';
import type { ImportDryRun } from '../../../shared/schemas/import.ts';
import { dryRunJson } from './dry-run-json.ts';

const dryRun = (rows: number): ImportDryRun => ({
  counts: { rows, create: 0, update: 0, unchanged: 0, conflict: 0, error: rows },
  rows: Array.from({ length: rows }, (_, i) => ({
    row: i + 2,
    action: 'error' as const,
    errors: [{ field: 'notes', label: 'Notes', message: `"quoted" \\ ${'\u2028'} row ${i}` }],
  })),
  fingerprint: 'abc"def',
});

describe('a dry run written as JSON in slices', () => {
  it('is the text JSON.stringify writes, for no rows, one slice, and slices with a remainder', async () => {
    for (const rows of [0, 1, 249, 250, 251, 1001]) {
      const answer = dryRun(rows);
      expect(await dryRunJson(answer), `${rows} rows`).toBe(JSON.stringify(answer));
    }
  });
});
