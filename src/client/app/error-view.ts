import { isRouteErrorResponse } from 'react-router';
import { isApiError } from '../lib/api-client.ts';
import { ERRORS, TEXT } from '../../shared/messages.ts';
import { APP_UI } from './messages.ts';

/** What the error page shows (docs/product.md §2.2): title = status code and status message; body = data, or message and description. */
export interface ErrorView {
  status: number;
  title: string;
  /** The error's data, shown on its own when present. */
  data?: string;
  message?: string;
  description: string;
}

export function statusText(status: number): string {
  return APP_UI.statusText[status] ?? APP_UI.unknownStatusText;
}

function describeStatus(status: number): string {
  switch (status) {
    case 401:
      return TEXT.errorPage[401];
    case 403:
      return TEXT.errorPage[403];
    case 404:
      return TEXT.errorPage[404];
    default:
      return status >= 500 ? TEXT.errorPage[500] : APP_UI.errorPage.clientError;
  }
}

function dataText(data: unknown): string | undefined {
  if (typeof data === 'string') return data.trim() === '' ? undefined : data;
  if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string' && data.message) {
    return data.message;
  }
  return undefined;
}

function view(status: number, parts: { data?: string | undefined; message?: string | undefined }): ErrorView {
  const result: ErrorView = { status, title: `${status} ${statusText(status)}`, description: describeStatus(status) };
  // One wording for "not allowed", whether a screen's role check or an API call refused it (issue 21 §9).
  if (status === 403) return { ...result, message: ERRORS.unauthorized };
  if (parts.data) result.data = parts.data;
  else if (parts.message) result.message = parts.message;
  return result;
}

/** Turns whatever was thrown (a route response, an API error, a render error) into the error page's content. */
export function describeError(error: unknown): ErrorView {
  if (isRouteErrorResponse(error)) return view(error.status, { data: dataText(error.data) });
  if (isApiError(error)) {
    const status = error.status !== undefined && error.status >= 400 ? error.status : 500;
    return view(status, { message: error.message });
  }
  if (error instanceof Error) return view(500, { message: error.message });
  return view(500, { message: typeof error === 'string' ? error : undefined });
}
