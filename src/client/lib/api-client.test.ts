import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ERRORS } from '../../shared/messages.ts';
import {
  ApiError,
  RETRYABLE_STATUSES,
  buildUrl,
  createApiClient,
  readCreatedId,
  shouldRetry,
  type HttpMethod,
} from './api-client.ts';

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fetch stub that answers from a list, one response per call, and records what it was asked. */
function stubFetch(...responses: (Response | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchStub = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const sleep = vi.fn(async () => undefined);
  const client = createApiClient({ fetch: fetchStub as unknown as typeof fetch, sleep });
  return { client, calls, fetchStub, sleep };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client: the request it sends', () => {
  it('asks for JSON from the same origin and sends JSON bodies', async () => {
    const { client, calls } = stubFetch(json(200, { id: 1 }));
    await client.request({ path: '/api/records', method: 'PUT', body: { a: 1 }, errorMessage: ERRORS.records.add });
    const { url, init } = calls[0]!;
    expect(url).toBe('/api/records');
    expect(init.method).toBe('PUT');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
  });

  it('sends no body or content type on a GET', async () => {
    const { client, calls } = stubFetch(json(200, []));
    await client.request({ path: '/api/programs', errorMessage: ERRORS.programs.fetch });
    expect(calls[0]!.init.body).toBeUndefined();
    expect(calls[0]!.init.headers).not.toHaveProperty('Content-Type');
  });

  it('builds query strings with repeated keys and leaves out empty values', () => {
    expect(buildUrl('/api/records', { page: 2, terms: ['Fall', 'Spring'], q: '', x: undefined, y: null })).toBe(
      '/api/records?page=2&terms=Fall&terms=Spring',
    );
    expect(buildUrl('/api/records', {})).toBe('/api/records');
    expect(buildUrl('/api/login?a=1', { returnPath: '/records' })).toBe('/api/login?a=1&returnPath=%2Frecords');
  });

  it('returns the parsed body, validated by the schema when one is given', async () => {
    const { client } = stubFetch(json(200, { id: 7, extra: true }));
    const body = await client.request({ path: '/x', errorMessage: 'm', schema: z.object({ id: z.number() }) });
    expect(body).toEqual({ id: 7 });
  });

  it('returns undefined for an empty 204 answer', async () => {
    const { client } = stubFetch(new Response(null, { status: 204 }));
    await expect(client.request({ path: '/x', method: 'DELETE', errorMessage: 'm' })).resolves.toBeUndefined();
  });
});

describe('api client: the error catalogue', () => {
  it('turns a 403 into "Unauthorized", whatever the operation', async () => {
    const { client } = stubFetch(json(403, { message: 'Not your institution' }));
    const error = await failure(client.request({ path: '/api/records/1', errorMessage: ERRORS.records.fetch }));
    expect(error.message).toBe('Unauthorized');
    expect(error.status).toBe(403);
    expect(error.serverMessage).toBe('Not your institution');
  });

  it('keeps the whole error body, so a 409 can show the record it conflicts with', async () => {
    const body = { statusCode: 409, message: 'Someone else saved it', current: { id: 7, version: 3 } };
    const { client } = stubFetch(json(409, body));
    const error = await failure(
      client.request({ path: '/api/records/7', method: 'PATCH', body: {}, errorMessage: ERRORS.records.update }),
    );
    expect(error.message).toBe('Failed to update record');
    expect(error.body).toEqual(body);
  });

  it.each([400, 401, 404, 409, 500])('turns a %i into the operation’s message', async (status) => {
    const { client } = stubFetch(json(status, { message: 'server words' }), json(status, { message: 'server words' }));
    const error = await failure(
      client.request({ path: '/api/programs', method: 'PUT', body: {}, errorMessage: ERRORS.programs.add }),
    );
    expect(error.message).toBe('Program add failed');
    expect(error.status).toBe(status);
    expect(error.serverMessage).toBe('server words');
  });

  it('keeps the server’s field errors for forms', async () => {
    const fieldErrors = { username: ['Choose a user to sign in as'] };
    const { client } = stubFetch(json(400, { message: 'The body is not valid', statusCode: 400, fieldErrors }));
    const error = await failure(
      client.request({ path: '/api/login/direct', method: 'POST', body: {}, errorMessage: ERRORS.directSignIn }),
    );
    expect(error.message).toBe(ERRORS.directSignIn);
    expect(error.fieldErrors).toEqual(fieldErrors);
  });

  it('copes with an error answer that is not JSON', async () => {
    const { client } = stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(client.request({ path: '/x', method: 'POST', errorMessage: ERRORS.records.find }));
    expect(error.message).toBe(ERRORS.records.find);
    expect(error.status).toBe(502);
    expect(error.fieldErrors).toBeUndefined();
  });

  it('reports a network failure with the operation’s message', async () => {
    const { client } = stubFetch(new TypeError('Failed to fetch'));
    const error = await failure(client.request({ path: '/x', errorMessage: ERRORS.users.fetch }));
    expect(error.message).toBe('Unable to fetch users');
    expect(error.status).toBeUndefined();
  });

  it('reports an answer that does not match the schema with the operation’s message', async () => {
    const { client } = stubFetch(json(200, { id: 'seven' }));
    const error = await failure(
      client.request({ path: '/x', errorMessage: ERRORS.institutions.request, schema: z.object({ id: z.number() }) }),
    );
    expect(error.message).toBe('Invalid Institution Request');
  });

  it('passes an abort through untouched', async () => {
    const controller = new AbortController();
    controller.abort();
    const { client } = stubFetch(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(client.request({ path: '/x', errorMessage: 'm', signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('api client: the retry rule', () => {
  it.each([...RETRYABLE_STATUSES])('retries a GET once on %i', async (status) => {
    const { client, fetchStub, sleep } = stubFetch(json(status, { message: 'busy' }), json(200, { ok: true }));
    await expect(client.request({ path: '/x', errorMessage: 'm' })).resolves.toEqual({ ok: true });
    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it('retries only once', async () => {
    const { client, fetchStub } = stubFetch(json(503, {}), json(503, {}), json(200, {}));
    const error = await failure(client.request({ path: '/x', errorMessage: ERRORS.records.fetch }));
    expect(error.status).toBe(503);
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('retries a HEAD', async () => {
    const { client, fetchStub } = stubFetch(new Response(null, { status: 502 }), new Response(null, { status: 200 }));
    await client.request({ path: '/x', method: 'HEAD', errorMessage: 'm' });
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries a %s', async (method) => {
    const { client, fetchStub } = stubFetch(json(503, {}), json(200, {}));
    await failure(client.request({ path: '/x', method, body: {}, errorMessage: 'm' }));
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it.each([400, 401, 403, 404, 422, 501])('does not retry a GET on %i', async (status) => {
    const { client, fetchStub } = stubFetch(json(status, {}), json(200, {}));
    await failure(client.request({ path: '/x', errorMessage: 'm' }));
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('agrees with the rule table', () => {
    const methods: HttpMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
    for (const method of methods) {
      for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
        expect(shouldRetry(method, status)).toBe(method === 'GET' || method === 'HEAD');
      }
      expect(shouldRetry(method, 404)).toBe(false);
    }
  });
});

describe('api client: the global fetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uses the global fetch when none is given', async () => {
    const fetchStub = vi.fn(async () => json(200, { status: 'ok' }));
    vi.stubGlobal('fetch', fetchStub);
    await createApiClient().request({ path: '/api/health', errorMessage: 'm' });
    expect(fetchStub).toHaveBeenCalledOnce();
  });
});

describe('readCreatedId', () => {
  it('reads an integer id from {id} or a bare value', () => {
    expect(readCreatedId({ id: 42 }, 'record')).toBe(42);
    expect(readCreatedId({ id: '42' }, 'record')).toBe(42);
    expect(readCreatedId(' 17 ', 'other')).toBe(17);
    expect(readCreatedId(5, 'other')).toBe(5);
  });

  it.each([{ id: 'abc' }, { id: 1.5 }, { id: null }, {}, null, undefined, { id: '' }, { id: '12abc' }, { id: Number.NaN }, 'x'])(
    'raises the catalogue error for %j',
    (body) => {
      expect(() => readCreatedId(body, 'record')).toThrow('Invalid record ID recieved');
      expect(() => readCreatedId(body, 'other')).toThrow('Invalid report ID recieved');
    },
  );
});
