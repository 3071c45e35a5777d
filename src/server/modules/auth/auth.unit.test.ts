import { describe, expect, it } from 'vitest';
import { identityFromClaims } from './claims.ts';

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
