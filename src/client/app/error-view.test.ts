import { data } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { describeError } from './error-view.ts';

/** What a loader's `throw data(…)` becomes by the time the error page sees it. */
async function routeError(body: unknown, status: number) {
  const { UNSAFE_ErrorResponseImpl: ErrorResponseImpl } = await import('react-router');
  const thrown = data(body, { status });
  return new ErrorResponseImpl(thrown.init?.status ?? status, '', thrown.data);
}

describe('describeError', () => {
  it('shows a 404 with its data only', async () => {
    expect(describeError(await routeError('Page not found: /nope', 404))).toEqual({
      status: 404,
      title: '404 Not Found',
      data: 'Page not found: /nope',
      description: expect.any(String),
    });
  });

  it('titles a 403 "403 Forbidden" and explains it', async () => {
    const view = describeError(await routeError(null, 403));
    expect(view.title).toBe('403 Forbidden');
    expect(view.data).toBeUndefined();
    expect(view.description).toMatch(/access/);
  });

  it('words a 403 the same whether a screen or an API call refused it', async () => {
    const fromRoute = describeError(await routeError(null, 403));
    const fromRouteWithData = describeError(await routeError('Not for you', 403));
    const fromApi = describeError(new ApiError('Unauthorized', { status: 403 }));
    const fromApiOtherWording = describeError(new ApiError('Failed to fetch record', { status: 403 }));
    expect(fromRoute).toEqual(fromApi);
    expect(fromRouteWithData).toEqual(fromApi);
    expect(fromApiOtherWording).toEqual(fromApi);
    expect(fromApi).toMatchObject({ title: '403 Forbidden', message: 'Unauthorized' });
  });

  it('titles a 401 "401 Unauthorized"', async () => {
    expect(describeError(await routeError(undefined, 401)).title).toBe('401 Unauthorized');
  });

  it('shows a render error as a 500 with its message and a description', () => {
    const view = describeError(new TypeError('x is undefined'));
    expect(view).toMatchObject({ status: 500, title: '500 Internal Server Error', message: 'x is undefined' });
    expect(view.description).toMatch(/went wrong/);
  });

  it('keeps an API error’s status and catalogue message', () => {
    expect(describeError(new ApiError('Unauthorized', { status: 403 }))).toMatchObject({
      title: '403 Forbidden',
      message: 'Unauthorized',
    });
    expect(describeError(new ApiError('Failed to fetch records', { status: 503 }))).toMatchObject({
      title: '503 Service Unavailable',
      message: 'Failed to fetch records',
    });
    expect(describeError(new ApiError('Invalid record ID recieved'))).toMatchObject({
      status: 500,
      message: 'Invalid record ID recieved',
    });
  });

  it('reads a message out of object data', async () => {
    expect(describeError(await routeError({ message: 'Unable to load your profile' }, 503)).data).toBe(
      'Unable to load your profile',
    );
  });
});
