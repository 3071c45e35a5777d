import { Checkbox } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { ReportType } from '../../../../shared/reports.ts';
import type { ReportHead } from '../lib/report-column-groups.ts';
import { REPORT_UI } from '../messages.ts';

const R = REPORT_UI.result;

/** Where this browser keeps that a report's secondary columns are shown. */
export const optionalColumnsKey = (type: ReportType) => `report-columns:${type}`;

/**
 * Whether a report's secondary columns are shown on screen: off until the reader turns them on, then remembered in
 * this browser for that report (storage refused: for as long as the page is open).
 */
export function useOptionalColumns(type: ReportType): [boolean, (show: boolean) => void] {
  const [show, setShowState] = useState(() => {
    try {
      return globalThis.localStorage?.getItem(optionalColumnsKey(type)) === 'shown';
    } catch {
      return false;
    }
  });
  const setShow = useCallback(
    (next: boolean) => {
      setShowState(next);
      try {
        if (next) globalThis.localStorage?.setItem(optionalColumnsKey(type), 'shown');
        else globalThis.localStorage?.removeItem(optionalColumnsKey(type));
      } catch {
        // Storage refused (private mode, full): the choice lasts until the page is left.
      }
    },
    [type],
  );
  return [show, setShow];
}

/**
 * The choice over a table with secondary columns ("Show students placed (4 columns)"): they stay out of the screen's
 * width until asked for, so the report's answer fits at 1366 px; on paper they are always there.
 */
export function ReportOptionalColumnsToggle({
  head,
  shown,
  onChange,
}: {
  head: ReportHead;
  shown: boolean;
  onChange: (shown: boolean) => void;
}) {
  if (head.optional.length === 0) return null;
  const count = head.optional.reduce((n, group) => n + group.keys.length, 0);
  return (
    <Checkbox
      className="no-print"
      label={R.showOptional(
        head.optional.map((group) => group.label),
        count,
      )}
      description={R.showOptionalHint}
      checked={shown}
      onChange={(event) => onChange(event.currentTarget.checked)}
      data-testid="report-optional-columns"
    />
  );
}
