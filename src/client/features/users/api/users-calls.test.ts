import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser } from './create-user.ts';
import { deactivateUser } from './deactivate-user.ts';
import { getUserRoles } from './get-user-roles.ts';
import { getUsers } from './get-users.ts';

/** Answers every call with one JSON response and records the requests. */
function answer(status: number, body: unknown) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the users calls', () => {
  it('add answers the new id, sent to POST /api/users/add', async () => {
    const calls = answer(200, { id: 42 });
    await expect(createUser({ username: 'jsmith' })).resolves.toBe(42);
    expect(calls).toEqual([{ url: '/api/users/add', method: 'POST', body: { username: 'jsmith' } }]);
  });

  it('add raises "Invalid report ID recieved" when the id is not an integer', async () => {
    answer(200, { id: 'forty-two' });
    await expect(createUser({ username: 'jsmith' })).rejects.toThrow('Invalid report ID recieved');
    answer(200, { id: 4.5 });
    await expect(createUser({ username: 'jsmith' })).rejects.toThrow('Invalid report ID recieved');
  });

  it('speak the catalogue: add, fetch, roles, and edit for a failed deactivation; 403 is "Unauthorized"', async () => {
    answer(400, { message: 'taken', fieldErrors: { username: ['A user with this username already exists'] } });
    await expect(createUser({ username: 'reader' })).rejects.toMatchObject({
      message: 'Unable to add user',
      fieldErrors: { username: ['A user with this username already exists'] },
    });
    answer(404, { message: 'The user was not found.' });
    await expect(getUsers()).rejects.toThrow('Unable to fetch users');
    await expect(getUserRoles()).rejects.toThrow('Unable to fetch user roles');
    const calls = answer(400, { message: 'no', fieldErrors: { active: ['You cannot deactivate your own account'] } });
    await expect(deactivateUser(3)).rejects.toThrow('Unable to edit user');
    expect(calls[0]).toMatchObject({ url: '/api/users/3', method: 'DELETE' });
    answer(403, { message: 'Forbidden' });
    await expect(getUsers()).rejects.toThrow('Unauthorized');
    await expect(createUser({ username: 'x' })).rejects.toThrow('Unauthorized');
  });
});
