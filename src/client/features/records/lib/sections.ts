import {
  DEMOGRAPHIC_FIELDS,
  DURATION_FIELDS,
  EMPLOYER_FIELDS,
  LOCATION_FIELDS,
  MONEY_FIELDS,
  PARTICIPATION_FIELDS,
  SECTOR_FIELDS,
  type CountField,
  type MoneyField,
  type SplitName,
} from '../../../../shared/record-rules.ts';
import { RECORD_UI } from '../messages.ts';

/** One block of figures on the form and the read-only view, in the order people fill them in. */
export interface FigureSection {
  key: string;
  title: string;
  hint: string;
  fields: readonly (CountField | MoneyField)[];
  /** A work-term split whose running total is compared with students placed. */
  split?: SplitName;
  money?: boolean;
}

const S = RECORD_UI.sections;

export const FIGURE_SECTIONS: readonly FigureSection[] = [
  { key: 'participation', ...S.participation, fields: PARTICIPATION_FIELDS },
  { key: 'duration', ...S.duration, fields: DURATION_FIELDS, split: 'duration' },
  { key: 'location', ...S.location, fields: LOCATION_FIELDS, split: 'location' },
  { key: 'sector', ...S.sector, fields: SECTOR_FIELDS, split: 'sector' },
  { key: 'employers', ...S.employers, fields: EMPLOYER_FIELDS },
  { key: 'demographics', ...S.demographics, fields: DEMOGRAPHIC_FIELDS },
  { key: 'pay', ...S.pay, fields: MONEY_FIELDS, money: true },
];

const countFormat = new Intl.NumberFormat('en-CA');
const cadFormat = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' });

/** A count for people: "1,234". */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/**
 * An amount for people: "$1,234.50". The string is split, not parsed into a float, so no cent is ever lost;
 * Intl formats the whole dollars only.
 */
export function formatMoney(value: string): string {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, cents = ''] = match;
  const dollars = cadFormat.format(Number(whole)).replace(/\.\d+$/, '');
  return `${sign}${dollars}.${cents.padEnd(2, '0')}`;
}
