import { describe, expect, it } from 'vitest';
import { commitOutcomeUnknown, trackCommitOutcome } from './commit-outcome.ts';

const lost = () => new Error('Connection terminated unexpectedly');

/** A client whose promise queries fail with the error listed for their text, and succeed otherwise. */
function stubClient(failures: Record<string, () => Error>) {
  const client = {
    query: async (config: string | { text: string }) => {
      const text = typeof config === 'string' ? config : config.text;
      const failure = failures[text];
      if (failure) throw failure();
      return { rows: [] };
    },
  };
  trackCommitOutcome(client);
  return client;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    // Drizzle wraps the driver's error; the mark must be found through the wrapper.
    return new Error('Failed query', { cause: err });
  }
  throw new Error('expected a rejection');
}

describe('trackCommitOutcome', () => {
  it('marks a COMMIT whose connection was lost, and the ROLLBACK error Drizzle throws after it', async () => {
    const client = stubClient({ commit: lost, rollback: lost });
    await client.query({ text: 'begin' });
    await client.query({ text: 'insert into t values (1)' });
    expect(commitOutcomeUnknown(await rejection(client.query({ text: 'commit' })))).toBe(true);
    expect(commitOutcomeUnknown(await rejection(client.query({ text: 'rollback' })))).toBe(true);
  });

  it('does not mark a transaction that lost its connection before COMMIT: nothing of it was saved', async () => {
    const client = stubClient({ 'insert into t values (1)': lost, rollback: lost });
    expect(commitOutcomeUnknown(await rejection(client.query({ text: 'insert into t values (1)' })))).toBe(false);
    expect(commitOutcomeUnknown(await rejection(client.query({ text: 'rollback' })))).toBe(false);
  });

  it('does not mark a COMMIT the server refused with an answer (a serialization failure is a definite no)', async () => {
    const serialization = () => Object.assign(new Error('could not serialize access'), { code: '40001' });
    const client = stubClient({ COMMIT: serialization, rollback: lost });
    expect(commitOutcomeUnknown(await rejection(client.query('COMMIT')))).toBe(false);
    expect(commitOutcomeUnknown(await rejection(client.query({ text: 'rollback' })))).toBe(false);
  });

  it('passes calls that return no promise through untouched (callbacks, COPY streams)', () => {
    const stream = { text: 'commit', submit: () => {} };
    const client = { query: (config: unknown) => config };
    trackCommitOutcome(client);
    expect(client.query(stream)).toBe(stream);
  });
});
