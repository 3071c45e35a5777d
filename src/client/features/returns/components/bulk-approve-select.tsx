import { Checkbox } from '@mantine/core';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';
import { BULK_APPROVE_UI } from '../bulk-approve-messages.ts';
import { isSelectable, periodSelectionState, type BulkSelection } from '../lib/bulk-approve.ts';

const T = BULK_APPROVE_UI;

/** What the matrix needs to offer the selection (app admins only): the selection and how to change it. */
export interface MatrixSelection {
  selected: BulkSelection;
  onToggle: (ret: TermReturn) => void;
  onTogglePeriod: (returns: readonly TermReturn[]) => void;
}

/** A submitted return's box in its cell, named by institution and period for screen readers. */
export function SelectReturn({
  ret,
  periodName,
  selection,
}: {
  ret: TermReturn | undefined;
  periodName: string;
  selection: MatrixSelection;
}) {
  if (!isSelectable(ret)) return null;
  return (
    <Checkbox
      size="xs"
      checked={selection.selected.has(ret.id)}
      onChange={() => selection.onToggle(ret)}
      aria-label={T.selectReturn(ret.institution_name, periodName)}
      data-testid={`select-return-${ret.id}`}
      className="no-print"
    />
  );
}

/** "All N submitted" under a period's heading: ticks, or unticks, every submitted return of the column. */
export function SelectPeriod({
  returns,
  periodName,
  selection,
}: {
  returns: readonly TermReturn[];
  periodName: string;
  selection: MatrixSelection;
}) {
  if (returns.length === 0) return null;
  const state = periodSelectionState(selection.selected, returns);
  return (
    <Checkbox
      size="xs"
      mt={4}
      fw={400}
      checked={state === 'all'}
      indeterminate={state === 'some'}
      onChange={() => selection.onTogglePeriod(returns)}
      label={T.selectPeriodShort(returns.length)}
      aria-label={T.selectPeriod(periodName, returns.length)}
      data-testid={`select-period-${periodName}`}
      className="no-print"
    />
  );
}
