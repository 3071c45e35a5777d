import { Text } from '@mantine/core';
import { REPORT_FLAG_MEANINGS } from '../../../../shared/reports.ts';
import type { ReportFlag } from '../../../../shared/schemas/report.ts';
import { REPORT_UI } from '../messages.ts';

const R = REPORT_UI.result;

/**
 * The small superscript mark after a row's label: the letter to the eye, its meaning to a screen reader (a plain span:
 * a report may mark a thousand rows).
 */
export function ReportFlagMark({ flag }: { flag: ReportFlag | null }) {
  if (!flag) return null;
  return (
    <sup className="report-flag" data-testid="report-flag" title={R.flagNames[flag]}>
      <span aria-hidden="true">{flag}</span>
      <span className="visually-hidden">{` (${R.flagNames[flag]})`}</span>
    </sup>
  );
}

/** What the marks under the table mean; nothing when no row is marked. */
export function ReportFlagLegend({ flags }: { flags: readonly ReportFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="report-flag-legend">
      {flags.map((flag) => `${flag}: ${REPORT_FLAG_MEANINGS[flag]}`).join('; ')}
    </Text>
  );
}
