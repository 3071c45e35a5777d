import { describe, expect, it } from 'vitest';
import { pickBinDir } from './postgres-binaries.ts';

const none = { path: [], debian: [] };

describe('pickBinDir', () => {
  it('takes PG_BINDIR first, then pg_config, then PATH, then Debian’s layout', () => {
    const all = {
      explicit: '/opt/pg',
      pgConfig: '/usr/local/pgsql/bin',
      path: ['/usr/bin'],
      debian: ['/usr/lib/postgresql/15/bin'],
    };
    expect(pickBinDir(all, () => true)).toBe('/opt/pg');
    expect(pickBinDir(all, (d) => d !== '/opt/pg')).toBe('/usr/local/pgsql/bin');
    expect(pickBinDir(all, (d) => d === '/usr/bin' || d.startsWith('/usr/lib'))).toBe('/usr/bin');
    expect(pickBinDir(all, (d) => d.startsWith('/usr/lib'))).toBe('/usr/lib/postgresql/15/bin');
  });

  it('finds server programs outside Debian’s layout (pg_config or PATH)', () => {
    expect(pickBinDir({ ...none, pgConfig: '/opt/homebrew/bin' }, (d) => d === '/opt/homebrew/bin')).toBe('/opt/homebrew/bin');
    expect(pickBinDir({ ...none, path: ['/a', '/nix/pg/bin'] }, (d) => d === '/nix/pg/bin')).toBe('/nix/pg/bin');
  });

  it('says where it looked and what to do when nothing has them', () => {
    expect(() => pickBinDir({ pgConfig: '/usr/bin', path: ['/bin'], debian: [] }, () => false)).toThrow(
      /initdb, postgres.*\/usr\/bin, \/bin.*PG_BINDIR/,
    );
  });
});
