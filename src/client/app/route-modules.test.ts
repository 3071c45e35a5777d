import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../shared/app-routes.ts';
import { PAGE_MODULES } from './route-modules.ts';

describe('route modules', () => {
  it('gives every route of the shared route table a screen, and no screen without a route', () => {
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(APP_ROUTES.map((r) => r.id).sort());
  });
});
