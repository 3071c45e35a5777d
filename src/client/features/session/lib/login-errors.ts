import type { ApiError } from '../../../lib/api-client.ts';
import type { SummaryItem } from '../../../ui/error-summary.tsx';

/** The id of the first demo-user radio: where the error summary's links send focus. */
export const FIELD_ID = 'login-username';

/** What went wrong, for the summary at the top and beside the field. */
export function loginErrors(
  clientError: string | null,
  serverError: ApiError | null,
): { summary: SummaryItem[]; field?: string } {
  if (clientError) return { summary: [{ message: clientError, fieldId: FIELD_ID }], field: clientError };
  if (!serverError) return { summary: [] };
  const fieldMessages = serverError.fieldErrors?.username ?? [];
  if (fieldMessages.length > 0) {
    return { summary: fieldMessages.map((message) => ({ message, fieldId: FIELD_ID })), field: fieldMessages.join(' ') };
  }
  const summary: SummaryItem[] = [{ message: serverError.message }];
  if (serverError.serverMessage && serverError.serverMessage !== serverError.message)
    summary.push({ message: serverError.serverMessage });
  return { summary };
}
