import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createUser } from '../../test/factories.ts';

/** Sign-in is rate-limited per client (30 a minute per route), so passwords and usernames cannot be sprayed. */
describe('sign-in rate limits', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createUser(ctx.db, { username: 'limited' });
  });
  afterAll(() => ctx.close());

  it('answers 429 after 30 direct sign-ins from one client in a minute, while another client still gets in', async () => {
    const attempt = (ip: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/login/direct', payload: { username: 'limited' }, remoteAddress: ip });
    for (let n = 0; n < 30; n++) expect((await attempt('10.9.9.1')).statusCode).toBe(200);
    const refused = await attempt('10.9.9.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBeTruthy();
    expect((await attempt('10.9.9.2')).statusCode).toBe(200);
  });

  it('limits the start of single sign-on the same way', async () => {
    const start = () => ctx.app.inject({ method: 'GET', url: '/api/login', remoteAddress: '10.9.9.3' });
    for (let n = 0; n < 30; n++) expect((await start()).statusCode).toBe(302);
    expect((await start()).statusCode).toBe(429);
  });
});
