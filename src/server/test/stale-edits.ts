import { expect } from 'vitest';
import type { MatrixCaller } from './matrix.ts';

type Entity = Record<string, unknown> & { version: number };

/**
 * Decision 044's rule on one entity's PATCH, as an app admin: an edit sent with the version it read is refused once
 * another change came between (409 with `code` and the entity as it is now, nothing changed); of two edits made from
 * one version at the same moment exactly one is taken; without a version an edit is taken as before; a version that
 * is not a whole number from 1 is a 400 naming it; an edit that changes nothing leaves the version as it was.
 * `changes`: four edits the entity accepts, each changing something the others leave as it was.
 */
export async function expectStaleEditsRefused(
  call: MatrixCaller['call'],
  {
    path,
    read,
    code,
    changes: [a, b, c, d],
  }: {
    path: string;
    read: () => Promise<Entity>;
    code: string;
    changes: readonly [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
  },
): Promise<void> {
  const loaded = await read();
  const first = await call('PATCH', path, 'appAdmin', { ...loaded, ...a });
  expect(first.statusCode, first.body).toBe(200);
  const now = first.json() as Entity;
  expect(now.version).toBe(loaded.version + 1);

  const stale = await call('PATCH', path, 'appAdmin', { ...loaded, ...b });
  expect(stale.statusCode, stale.body).toBe(409);
  expect(stale.json()).toMatchObject({ code, current: now });
  expect(stale.json().message).toContain('since you opened it, so nothing was saved');
  expect(await read()).toEqual(now);

  // Two people save from the same version at once: one is taken, the other refused with the winner's values.
  const [x, y] = await Promise.all([
    call('PATCH', path, 'appAdmin', { ...now, ...b }),
    call('PATCH', path, 'appAdmin', { ...now, ...c }),
  ]);
  expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
  const [won, lost] = x.statusCode === 200 ? [x, y] : [y, x];
  expect(lost.json().current).toEqual(won.json());
  expect(await read()).toEqual(won.json());

  // An API client that never read the version is taken as before.
  const blind = await call('PATCH', path, 'appAdmin', d);
  expect(blind.statusCode, blind.body).toBe(200);
  expect(blind.json()).toMatchObject({ ...d, version: (won.json() as Entity).version + 1 });
  // An edit that changes nothing leaves the version as it was: another screen open on it stays current.
  const same = await call('PATCH', path, 'appAdmin', { ...(blind.json() as Entity) });
  expect(same.statusCode, same.body).toBe(200);
  expect(same.json()).toEqual(blind.json());

  for (const version of ['2', 0, 1.5, -1, null]) {
    const res = await call('PATCH', path, 'appAdmin', { ...d, version });
    expect(res.statusCode, JSON.stringify(version)).toBe(400);
    expect(Object.keys(res.json().fieldErrors ?? {})).toEqual(['version']);
  }
}
