import { WORK_TERM_SPLITS, isBlank, splitTotal, type SplitName } from '../../../../shared/record-rules.ts';
import type { RecordFormValues } from './record-form-model.ts';

/**
 * Where a work-term split stands against students placed, as the person types:
 * - `match`: it adds up; `short` / `over`: it does not, by `difference`;
 * - `noPlaced`: placed is not entered yet, so there is nothing to compare with.
 * `complete` says whether every part of the split has a value (a submitted record needs them all).
 */
export interface SplitStatus {
  split: SplitName;
  total: number;
  placed: number | null;
  state: 'match' | 'short' | 'over' | 'noPlaced';
  difference: number;
  complete: boolean;
}

function placedOf(values: RecordFormValues): number | null {
  const placed = values.students_placed;
  return typeof placed === 'number' && Number.isInteger(placed) && placed >= 0 ? placed : null;
}

/** The running total of one split and how it compares with students placed. */
export function splitStatus(values: RecordFormValues, split: SplitName): SplitStatus {
  const total = splitTotal(values, split);
  const placed = placedOf(values);
  const complete = WORK_TERM_SPLITS[split].fields.every((field) => !isBlank(values[field]));
  if (placed === null) return { split, total, placed, state: 'noPlaced', difference: 0, complete };
  const difference = Math.abs(placed - total);
  const state = total === placed ? 'match' : total < placed ? 'short' : 'over';
  return { split, total, placed, state, difference, complete };
}

/** The placement rate as people read it: "84.0%" (one decimal), or null when it cannot be worked out. */
export function formatPlacementRate(rate: number | null): string | null {
  if (rate === null) return null;
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}
