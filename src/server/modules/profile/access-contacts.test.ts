import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';

/**
 * `GET /api/profile/access-contacts` (decision 030): who a signed-in person asks for access. Their own home
 * institution's admins, else a few app admins; never themself, and never another institution's admins, whatever
 * privileges they hold.
 */

describe('who to ask for access', () => {
  let ctx: TestContext;
  let home: number;
  let elsewhere: number;
  let homeAdmin: number;

  const contactsOf = async (userId: number) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/access-contacts',
      headers: { cookie: await ctx.cookieFor(userId) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    home = await createInstitution(ctx.db, { shortName: 'HomeU' });
    elsewhere = await createInstitution(ctx.db, { shortName: 'ElseU' });
    homeAdmin = await createUser(ctx.db, {
      username: 'home-admin',
      prefName: 'Hana Home',
      homeInstitutionId: home,
      privileges: { admin: [home] },
    });
    await createUser(ctx.db, { username: 'else-admin', prefName: 'Eli Else', privileges: { admin: [elsewhere] } });
    await createUser(ctx.db, { username: 'app-admin-1', prefName: 'Ari App', privileges: { glblAdmin: true } });
  });
  afterAll(() => ctx.close());

  it('names the admins of the home institution to a new user of it', async () => {
    const newcomer = await createUser(ctx.db, { username: 'newcomer', homeInstitutionId: home });
    expect(await contactsOf(newcomer)).toEqual({
      kind: 'institution-admins',
      institution_name: 'HomeU',
      people: [{ name: 'Hana Home', email: 'home-admin@example.ca' }],
    });
  });

  it('names app admins, not anyone’s institution admins, to a user without a home institution', async () => {
    const stranger = await createUser(ctx.db, { username: 'stranger' });
    const body = await contactsOf(stranger);
    expect(body.kind).toBe('app-admins');
    expect(body.institution_name).toBeNull();
    expect(body.people).toContainEqual({ name: 'Ari App', email: 'app-admin-1@example.ca' });
    expect(JSON.stringify(body)).not.toMatch(/home-admin|else-admin/);
    expect(body.people.length).toBeLessThanOrEqual(3);
  });

  it('sends an institution’s only admin to the app admins, not to themself', async () => {
    const body = await contactsOf(homeAdmin);
    expect(body.kind).toBe('app-admins');
    expect(JSON.stringify(body)).not.toContain('home-admin');
  });

  it('names the home institution’s admins even to someone who holds rights elsewhere', async () => {
    const writer = await createUser(ctx.db, {
      username: 'writer-else',
      homeInstitutionId: home,
      privileges: { write: [elsewhere] },
    });
    const body = await contactsOf(writer);
    expect(body.people).toEqual([{ name: 'Hana Home', email: 'home-admin@example.ca' }]);
  });

  it('names the app admins for a screen only they may use, to anyone, and refuses another screen by name', async () => {
    const newcomer = await createUser(ctx.db, { username: 'newcomer-2', homeInstitutionId: home });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/access-contacts?screen=app-admin',
      headers: { cookie: await ctx.cookieFor(newcomer) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'app-admins', institution_name: null });
    expect(res.json().people).toContainEqual({ name: 'Ari App', email: 'app-admin-1@example.ca' });
    expect(res.body).not.toContain('home-admin');
    for (const query of ['screen=admin', 'screen=', 'screen=app-admin&screen=app-admin', 'other=1']) {
      const bad = await ctx.app.inject({
        method: 'GET',
        url: `/api/profile/access-contacts?${query}`,
        headers: { cookie: await ctx.cookieFor(newcomer) },
      });
      expect(bad.statusCode, `${query}: ${bad.body}`).toBe(400);
    }
  });

  it('answers 401 to a visitor', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/access-contacts' })).statusCode).toBe(401);
  });
});
