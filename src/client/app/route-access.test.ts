import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../shared/app-routes.ts';
import { SIGNED_OUT, type Privileges, type Profile } from '../../shared/schemas/profile.ts';
import { breadcrumbsFor } from '../lib/breadcrumbs.ts';
import { decideRoute } from './route-access.ts';
import { profileWith } from '../lib/profile.test-support.ts';

const user = (privileges: Partial<Privileges>): Profile =>
  profileWith(privileges, { institution: 'UVic', email: 'u@example.ca', homeInstitution: 1 });

const appAdmin = user({ glblAdmin: true });
const reader = user({ read: [1, 2] });
const newUser = user({});

describe('decideRoute', () => {
  it('sends an unknown path to 404 with the path in the message', () => {
    expect(decideRoute(appAdmin, '/nope/here', '', true)).toEqual({
      kind: 'deny',
      status: 404,
      data: 'Page not found: /nope/here',
    });
  });

  it('fails a page check with 404 (/records/abc)', () => {
    expect(decideRoute(appAdmin, '/records/abc', '', true)).toMatchObject({ status: 404, data: 'Page not found: /records/abc' });
    expect(decideRoute(appAdmin, '/reports/params', '?type=bogus', true)).toMatchObject({ status: 404 });
    expect(decideRoute(appAdmin, '/reports/params', '?type=region', true)).toMatchObject({ kind: 'allow' });
  });

  it('hides the direct sign-in page outside development', () => {
    expect(decideRoute(SIGNED_OUT, '/login', '', false)).toMatchObject({ status: 404 });
    expect(decideRoute(SIGNED_OUT, '/login', '', true)).toMatchObject({ kind: 'allow' });
  });

  it('asks a signed-out visitor to sign in (401) and refuses a user without the role (403)', () => {
    expect(decideRoute(SIGNED_OUT, '/records', '', true)).toEqual({ kind: 'deny', status: 401 });
    expect(decideRoute(newUser, '/records', '', true)).toEqual({ kind: 'deny', status: 403 });
    expect(decideRoute(reader, '/admin', '', true)).toEqual({ kind: 'deny', status: 403 });
    expect(decideRoute(reader, '/records', '', true)).toMatchObject({ kind: 'allow' });
  });

  it('matches regardless of letter case (the menu links to /records/RecordExport)', () => {
    expect(decideRoute(appAdmin, '/records/RecordExport', '', true)).toMatchObject({
      kind: 'allow',
      route: { id: 'recordExport' },
    });
    expect(decideRoute(reader, '/records/RecordExport', '', true)).toEqual({ kind: 'deny', status: 403 });
  });

  it('lets everyone see home', () => {
    expect(decideRoute(SIGNED_OUT, '/', '', false)).toMatchObject({ kind: 'allow', route: { id: 'home' } });
  });

  it('lets an app admin open every screen', () => {
    for (const route of APP_ROUTES) {
      const path = route.path.replace(':id', '12');
      const search = route.id === 'reportParams' ? '?type=salary' : '';
      expect(decideRoute(appAdmin, path, search, true)).toMatchObject({ kind: 'allow', route: { id: route.id } });
    }
  });
});

describe('breadcrumbsFor', () => {
  it('is just Home on the home page', () => {
    expect(breadcrumbsFor('/', 'Home', false)).toEqual([{ label: 'Home' }]);
  });

  it('walks up through the screens above', () => {
    expect(breadcrumbsFor('/records/find/findResults', 'Find results', false)).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Browse records', to: '/records' },
      { label: 'Find records', to: '/records/find' },
      { label: 'Find results' },
    ]);
    expect(breadcrumbsFor('/reports/regions', 'Region report', false).map((c) => c.label)).toEqual([
      'Home',
      'Reports',
      'Region report',
    ]);
    expect(breadcrumbsFor('/admin/4', 'User', false).map((c) => c.to)).toEqual(['/', '/admin', undefined]);
  });

  it('skips levels that are not screens', () => {
    expect(breadcrumbsFor('/nope/deeper', '404 Not Found', false)).toEqual([
      { label: 'Home', to: '/' },
      { label: '404 Not Found' },
    ]);
  });
});
