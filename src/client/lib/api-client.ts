import type { z } from 'zod';
import { ERRORS } from '../../shared/messages.ts';
import { ApiErrorSchema } from '../../shared/schemas/api.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Statuses worth one more try (docs/product.md §6.3): the request may succeed a moment later. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Only reads are retried: repeating a write could apply it twice. */
const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);

const DEFAULT_RETRY_DELAY_MS = 300;

/**
 * A failed call, worded for people: "Unauthorized" for a 403, otherwise the operation's catalogue message.
 * The server's own words and field errors are kept for forms that show them beside the fields.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; undefined when no answer arrived or the answer could not be used. */
  readonly status: number | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** The `message` of the server's error body, when it sent one. */
  readonly serverMessage: string | undefined;
  /** The whole error body as the server sent it (a 409's `current` or `existingId`, say), when it was JSON. */
  readonly body: unknown;

  constructor(
    message: string,
    options: {
      status?: number;
      fieldErrors?: Record<string, string[]>;
      serverMessage?: string;
      body?: unknown;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.fieldErrors = options.fieldErrors;
    this.serverMessage = options.serverMessage;
    this.body = options.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whether a failed attempt may be repeated: once, for GET/HEAD, on the retryable statuses. */
export function shouldRetry(method: HttpMethod, status: number): boolean {
  return IDEMPOTENT_METHODS.has(method) && RETRYABLE_STATUSES.has(status);
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface ApiRequest<T> {
  path: string;
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** The catalogue message for this operation (e.g. ERRORS.records.fetch), used for every failure but a 403. */
  errorMessage: string;
  /** Validates the successful answer; a mismatch is reported with `errorMessage`. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  /** Waits between the first attempt and the retry. */
  sleep?: (ms: number) => Promise<void>;
  retryDelayMs?: number;
}

export interface ApiClient {
  request<T = unknown>(request: ApiRequest<T>): Promise<T>;
}

/** Builds `path?query` with repeated keys for lists; null, undefined and empty values are left out. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return (signal?.aborted ?? false) || (error instanceof DOMException && error.name === 'AbortError');
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text.trim() === '') return undefined;
  return JSON.parse(text) as unknown;
}

async function toApiError(response: Response, errorMessage: string): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readJson(response);
  } catch {
    body = undefined; // an HTML error page from a proxy, say: the status is all we have
  }
  const parsed = ApiErrorSchema.safeParse(body);
  const details = parsed.success ? { serverMessage: parsed.data.message, fieldErrors: parsed.data.fieldErrors } : {};
  const message = response.status === 403 ? ERRORS.unauthorized : errorMessage;
  return new ApiError(message, { status: response.status, ...details, body });
}

/** The one way the client talks to the API: same origin, JSON both ways, the error catalogue and the retry rule. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const sleep = options.sleep ?? defaultSleep;
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;

  async function request<T>(req: ApiRequest<T>): Promise<T> {
    const method = req.method ?? 'GET';
    const url = buildUrl(req.path, req.query);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const init: RequestInit = { method, headers, credentials: 'same-origin', signal: req.signal ?? null };
    if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(req.body);
    }
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

    let response: Response | undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        response = await doFetch(url, init);
      } catch (error) {
        if (isAbort(error, req.signal)) throw error;
        throw new ApiError(req.errorMessage, { cause: error });
      }
      if (response.ok || attempt >= 2 || !shouldRetry(method, response.status)) break;
      // Let the failed body go so the connection can be reused, then try once more.
      await response.body?.cancel().catch(() => undefined);
      await sleep(retryDelayMs);
      if (req.signal?.aborted) throw req.signal.reason ?? new DOMException('Aborted', 'AbortError');
    }

    if (!response.ok) throw await toApiError(response, req.errorMessage);

    let body: unknown;
    try {
      body = await readJson(response);
    } catch (error) {
      throw new ApiError(req.errorMessage, { status: response.status, cause: error });
    }
    if (!req.schema) return body as T;
    const parsed = req.schema.safeParse(body);
    if (!parsed.success) throw new ApiError(req.errorMessage, { status: response.status, cause: parsed.error });
    return parsed.data;
  }

  return { request };
}

export const apiClient = createApiClient();

/** Shorthand for `apiClient.request`. */
export function apiRequest<T = unknown>(request: ApiRequest<T>): Promise<T> {
  return apiClient.request(request);
}

/**
 * The id a create call answered (`{id}` or a bare id). docs/product.md §6.3: it must be parseable as an integer,
 * otherwise "Invalid record ID recieved" for records and "Invalid report ID recieved" for everything else.
 */
export function readCreatedId(body: unknown, kind: 'record' | 'other'): number {
  const raw = typeof body === 'object' && body !== null && 'id' in body ? (body as { id: unknown }).id : body;
  const id =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*[+-]?\d+\s*$/.test(raw) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isSafeInteger(id)) {
    throw new ApiError(kind === 'record' ? ERRORS.invalidRecordId : ERRORS.invalidReportId);
  }
  return id;
}
