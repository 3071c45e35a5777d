import { z } from 'zod';
import { queryList } from './query-string.ts';

/**
 * Ids, one rule everywhere (docs/product.md §5: a bad id is a 400): a whole number from 1 to 2,147,483,647, PostgreSQL's
 * `integer` range. In a path or a query string an id is text and must be written canonically, in plain decimal
 * digits without a leading zero: `1e3`, `0x10`, `06600`, `+6600`, ` 6600` and `6600.0` all name record 6600 or 1000
 * to JavaScript's Number(), and accepting them would give one record many addresses (and caches, logs and audit
 * trails as many spellings). In a JSON body an id is a number, and JSON's own spellings (`1e3`) are that number.
 */

export const ID_MAX = 2_147_483_647;

/** What a valid id is, for messages. */
export const ID_RULE = `a whole number from 1 to ${ID_MAX}, written in plain digits`;

const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/** The id a text names, or null unless it is written canonically and within range. */
export function parseIdText(text: string): number | null {
  if (!CANONICAL_ID.test(text)) return null;
  const id = Number(text);
  return id <= ID_MAX ? id : null;
}

/** Whether a text is a canonical, in-range id. */
export const isIdText = (text: string): boolean => parseIdText(text) !== null;

/** What a refused id in a path or a query string is told. */
export const idMessage = (name: string) => `${name} must be ${ID_RULE}`;

/** An id in a path or a query string: canonical text, read as a number. */
export const idText = (name: string, message = idMessage(name)) =>
  z
    .string({ error: message })
    .regex(CANONICAL_ID, message)
    .refine((text) => Number(text) <= ID_MAX, message)
    .transform(Number);

/** An id in a JSON body: an integer within range. */
export const idNumber = (message: string) => z.number({ error: message }).int(message).min(1, message).max(ID_MAX, message);

/** The `{id}` of a path such as `/api/records/{id}`. */
export const IdParamSchema = z.object({ id: idText('id') });

/**
 * A list of ids in a query string (`institutionIds=3,7` or repeated): every item a canonical id, by the list rule of
 * every query list (query-string.ts: nothing trimmed, no empty items), so ` 1`, `+1` and `1,,2` are refused.
 */
export const queryIdList = (name: string, what: string) => queryList(name, (item) => parseIdText(item) ?? undefined, what);
