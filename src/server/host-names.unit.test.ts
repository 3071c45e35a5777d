import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostNameOf, isAllowedHost, isLoopbackHostName, type HostRule } from './host-names.ts';

const DEVELOPMENT: HostRule = { names: [], loopback: true };
const PRODUCTION: HostRule = { names: ['wil.example.ca'], loopback: false };

describe('hostNameOf', () => {
  it.each([
    ['localhost', 'localhost'],
    ['LocalHost:3000', 'localhost'],
    ['127.0.0.1:3123', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['[::1]:5173', '[::1]'],
    ['[0:0:0:0:0:0:0:1]', '[::1]'],
    ['WIL.Example.CA', 'wil.example.ca'],
    ['app_server:3000', 'app_server'],
  ])('reads %j as %j', (value, expected) => {
    expect(hostNameOf(value)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'localhost@evil.example',
    'evil.example@localhost',
    'localhost/evil',
    'localhost:3000:1',
    'localhost:port',
    'http://localhost',
    'local host',
    'localhost\r\nX: y',
    '[::1',
    'évil.example',
  ])('refuses %j', (value) => {
    expect(hostNameOf(value)).toBeNull();
  });
});

describe('which hosts are allowed', () => {
  it.each(['localhost', 'localhost:5173', '127.0.0.1:3123', '127.0.0.2', '127.255.255.254:80', '[::1]', '[::1]:3000'])(
    'development allows the loopback host %s',
    (host) => {
      expect(isLoopbackHostName(hostNameOf(host)!)).toBe(true);
      expect(isAllowedHost(host, DEVELOPMENT)).toBe(true);
      expect(isAllowedHost(host, PRODUCTION)).toBe(false);
    },
  );

  it.each([
    'evil.example',
    'rebind.evil.example:3000',
    'localhost.evil.example',
    '127.0.0.1.evil.example',
    'localhost.',
    '128.0.0.1',
    '10.0.0.5',
    '[::2]',
    '[::ffff:127.0.0.1]',
    '0.0.0.0',
  ])('development refuses %s', (host) => {
    expect(isAllowedHost(host, DEVELOPMENT)).toBe(false);
  });

  it('production allows only the names given, on any port', () => {
    expect(isAllowedHost('wil.example.ca', PRODUCTION)).toBe(true);
    expect(isAllowedHost('WIL.example.ca:443', PRODUCTION)).toBe(true);
    expect(isAllowedHost('wil.example.ca.evil.example', PRODUCTION)).toBe(false);
    expect(isAllowedHost(undefined, PRODUCTION)).toBe(false);
  });

  it('allows no generated domain name but the listed ones', () => {
    fc.assert(
      fc.property(fc.domain(), fc.option(fc.integer({ min: 0, max: 65535 })), (domain, port) => {
        const host = port === null ? domain : `${domain}:${port}`;
        const expected = domain === 'localhost' || domain === 'wil.example.ca';
        expect(isAllowedHost(host, { names: ['wil.example.ca'], loopback: true })).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
