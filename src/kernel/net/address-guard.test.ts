import { describe, expect, it } from 'vitest';
import { createAddressGuard } from './address-guard.js';

describe('createAddressGuard', () => {
  const guard = createAddressGuard([]);

  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    'localhost',
    'example.com',
    '',
  ])('refuses %s', (address) => {
    expect(guard.allows(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(guard.allows(address)).toBe(true);
  });

  it('allows the listed exceptions, addresses and ranges, and nothing more', () => {
    const open = createAddressGuard(['127.0.0.1', '10.1.0.0/16', '::1']);
    expect(open.allows('127.0.0.1')).toBe(true);
    expect(open.allows('::ffff:127.0.0.1')).toBe(true);
    expect(open.allows('127.0.0.2')).toBe(false);
    expect(open.allows('10.1.200.3')).toBe(true);
    expect(open.allows('10.2.0.1')).toBe(false);
    expect(open.allows('::1')).toBe(true);
  });

  it('refuses a malformed exception', () => {
    expect(() => createAddressGuard(['localhost'])).toThrow();
    expect(() => createAddressGuard(['10.0.0.0/33'])).toThrow();
  });
});
