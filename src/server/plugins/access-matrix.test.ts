import { describe, expect, it } from 'vitest';
import { CALLERS, callEveryCase, routesWalked, walkEveryRoute } from '../test/route-cases.ts';

/**
 * Access control, walked over every API route the server registers (app.apiRoutes, so a new route fails the first
 * test until it is given a row in test/route-cases.ts) × every kind of caller, against its table of expected statuses.
 *
 * Requests that change things send a body that is refused by validation, so a caller who gets past the guards
 * sees 400 and nothing is written: the status alone tells whether the guard let them through.
 */

describe('access control over every API route', () => {
  const walk = walkEveryRoute();

  it('has an expectation for every API route the server registers, and none for a route it does not', () => {
    const { called, registered } = routesWalked(walk);
    expect(called).toEqual(registered);
  });

  it.each(CALLERS)('answers %s as the table says', async (role, n) => {
    const answers = await callEveryCase(walk, role);
    const actual = answers.map(({ c, res }) => `${c.route} ${c.url} → ${res.statusCode}`);
    expect(actual).toEqual(answers.map(({ c }) => `${c.route} ${c.url} → ${c.expect[n]}`));
  });
});
