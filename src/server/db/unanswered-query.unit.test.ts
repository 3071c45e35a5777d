import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropWhenUnanswered } from './unanswered-query.ts';

/** A client whose answers come when the test says, over a socket the test can see closed. */
function fakeClient() {
  const stream = new PassThrough();
  const pending: ((value: string) => void)[] = [];
  const client = {
    connection: { stream },
    query: (...args: unknown[]): unknown => {
      const last = args.at(-1);
      if (typeof last === 'function') {
        pending.push((value) => (last as (err: null, v: string) => void)(null, value));
        return undefined;
      }
      if (args[0] === 'COPY') return new PassThrough();
      return new Promise<string>((resolve) => pending.push(resolve));
    },
  };
  dropWhenUnanswered(client, 1000);
  return { client, stream, answer: (value: string) => pending.shift()!(value) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('dropWhenUnanswered', () => {
  it('closes the connection of a query unanswered for the limit, in the promise and the callback form', () => {
    vi.useFakeTimers();
    const promised = fakeClient();
    void promised.client.query('SELECT 1');
    vi.advanceTimersByTime(999);
    expect(promised.stream.destroyed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(promised.stream.destroyed).toBe(true);

    const called = fakeClient();
    called.client.query('SELECT 1', [], () => {});
    vi.advanceTimersByTime(1000);
    expect(called.stream.destroyed).toBe(true);
  });

  it('leaves the connection open once the answer came, and hands the answer on', async () => {
    vi.useFakeTimers();
    const promised = fakeClient();
    const result = promised.client.query('SELECT 1') as Promise<string>;
    promised.answer('one');
    await expect(result).resolves.toBe('one');
    const called = fakeClient();
    const heard: unknown[] = [];
    called.client.query('SELECT 1', [], (...answer: unknown[]) => heard.push(answer));
    called.answer('two');
    vi.advanceTimersByTime(5000);
    expect([promised.stream.destroyed, called.stream.destroyed]).toEqual([false, false]);
    expect(heard).toEqual([[null, 'two']]);
  });

  it('does not time a stream (COPY feeding a download waits on the person downloading)', () => {
    vi.useFakeTimers();
    const { client, stream } = fakeClient();
    client.query('COPY');
    vi.advanceTimersByTime(60_000);
    expect(stream.destroyed).toBe(false);
  });
});
