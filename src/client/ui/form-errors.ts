import type { ReactNode } from 'react';
import { isApiError } from '../lib/api-client.ts';
import type { SummaryItem } from './error-summary.tsx';

/** One message per field, keyed by the field's name (the wire name: `short_name`). */
export type FieldErrors = Record<string, string>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message for each top-level field of a failed schema check; issues without a field are left out. */
export function issuesToFieldErrors(issues: readonly IssueLike[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string') continue;
    errors[field] ??= issue.message;
  }
  return errors;
}

export interface ServerFormErrors {
  /** Messages to show beside the form's own fields. */
  fields: FieldErrors;
  /** Messages with no field of the form to sit beside: shown in the summary alone. */
  other: string[];
}

/**
 * A failed save, split for the form: the server's field errors for fields the form has go beside them, the rest into
 * the summary. Without field errors the summary gives the operation's message (the catalogue's, or "Unauthorized"),
 * and for a refusal of the request itself (4xx) or an unavailable database (503) the server's explanation too.
 */
export function serverFormErrors(error: unknown, formFields: readonly string[]): ServerFormErrors {
  if (!isApiError(error)) return { fields: {}, other: [error instanceof Error ? error.message : String(error)] };
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(error.fieldErrors ?? {})) {
    if (messages.length === 0) continue;
    if (formFields.includes(key)) fields[key] = messages.join(' ');
    else other.push(...messages);
  }
  if (Object.keys(fields).length === 0 && other.length === 0) {
    other.push(error.message);
    const status = error.status ?? 0;
    // A 503 is the server saying, in words written for people, whether anything was saved (the database did not
    // answer): worth showing. Other 5xx bodies carry only a reference number.
    const explained = (status >= 400 && status < 500 && status !== 403) || status === 503;
    if (explained && error.serverMessage && error.serverMessage !== error.message) other.push(error.serverMessage);
  }
  return { fields, other };
}

export interface FormFieldRef {
  /** The field's name in the form's values and errors. */
  name: string;
  /** The id of its input, where the summary's link sends focus. */
  id: string;
}

/** The error summary's items: field errors in the order the fields appear, each linking to its field, then the rest. */
export function summaryItems(
  errors: Record<string, ReactNode>,
  fields: readonly FormFieldRef[],
  other: readonly string[] = [],
): SummaryItem[] {
  const items: SummaryItem[] = [];
  for (const field of fields) {
    const message = errors[field.name];
    if (typeof message === 'string' && message) items.push({ message, fieldId: field.id });
  }
  for (const message of other) items.push({ message });
  return items;
}
