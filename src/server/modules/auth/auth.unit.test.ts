import { describe, expect, it } from 'vitest';
import { identityFromClaims } from './claims.ts';
import { safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it.each([
    ['/records?page=2#top', '/records?page=2#top'],
    ['/', '/'],
    ['', '/'],
    [undefined, '/'],
    ['records', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/ok\nSet-Cookie: x', '/'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('%j → %j', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});

describe('identityFromClaims', () => {
  const names = {
    username: 'preferred_username',
    name: 'name',
    email: 'email',
    institution: 'institution',
    affiliation: 'affiliation',
  };

  it('maps configured claims and unscopes affiliations', () => {
    expect(
      identityFromClaims(
        {
          sub: 'abc',
          preferred_username: 'jdoe',
          name: 'Jo Doe',
          email: 'jdoe@uvic.ca',
          institution: 'UVic',
          affiliation: ['Employee@uvic.ca', 'member@uvic.ca'],
        },
        names,
      ),
    ).toEqual({
      username: 'jdoe',
      prefName: 'Jo Doe',
      email: 'jdoe@uvic.ca',
      institution: 'UVic',
      affiliations: ['employee', 'member'],
    });
  });

  it('falls back to sub for the username and the username for the name', () => {
    expect(identityFromClaims({ sub: 'abc', affiliation: 'student staff' }, names)).toMatchObject({
      username: 'abc',
      prefName: 'abc',
      affiliations: ['student', 'staff'],
    });
  });

  it('refuses claims with no username at all', () => {
    expect(identityFromClaims({}, names)).toBeNull();
  });
});
