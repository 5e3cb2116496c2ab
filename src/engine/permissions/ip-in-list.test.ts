import { describe, expect, it } from 'vitest';
import { ipInList } from './ip-in-list.js';

describe('ipInList', () => {
  const cases: { name: string; ip: string | null; list: string[]; expected: boolean }[] = [
    { name: 'a single IPv4 address', ip: '10.0.0.5', list: ['10.0.0.5'], expected: true },
    { name: 'another IPv4 address', ip: '10.0.0.6', list: ['10.0.0.5'], expected: false },
    { name: 'one of several entries', ip: '192.168.1.1', list: ['10.0.0.5', ' 192.168.1.1 '], expected: true },
    { name: 'inside an IPv4 CIDR', ip: '192.168.1.77', list: ['192.168.1.0/24'], expected: true },
    { name: 'outside an IPv4 CIDR', ip: '192.168.2.1', list: ['192.168.1.0/24'], expected: false },
    { name: 'a /32', ip: '8.8.8.8', list: ['8.8.8.8/32'], expected: true },
    { name: 'a /0', ip: '8.8.8.8', list: ['0.0.0.0/0'], expected: true },
    { name: 'inside an IPv4 range', ip: '10.0.0.50', list: ['10.0.0.10-10.0.0.100'], expected: true },
    { name: 'a range bound', ip: '10.0.0.100', list: ['10.0.0.10 - 10.0.0.100'], expected: true },
    { name: 'outside an IPv4 range', ip: '10.0.0.101', list: ['10.0.0.10-10.0.0.100'], expected: false },
    { name: 'a single IPv6 address', ip: '2001:db8::1', list: ['2001:db8::1'], expected: true },
    { name: 'an IPv6 address written differently', ip: '2001:0db8:0000:0000:0000:0000:0000:0001', list: ['2001:db8::1'], expected: true },
    { name: 'inside an IPv6 CIDR', ip: '2001:db8:abcd::1', list: ['2001:db8::/32'], expected: true },
    { name: 'outside an IPv6 CIDR', ip: '2001:db9::1', list: ['2001:db8::/32'], expected: false },
    { name: 'inside an IPv6 range', ip: '2001:db8::5', list: ['2001:db8::1-2001:db8::10'], expected: true },
    { name: 'outside an IPv6 range', ip: '2001:db8::11', list: ['2001:db8::1-2001:db8::10'], expected: false },
    { name: 'IPv6 loopback', ip: '::1', list: ['::1'], expected: true },
    { name: 'an IPv4-mapped address against an IPv4 entry', ip: '::ffff:10.0.0.5', list: ['10.0.0.5'], expected: true },
    { name: 'an IPv4-mapped address against an IPv4 CIDR', ip: '::ffff:192.168.1.9', list: ['192.168.1.0/24'], expected: true },
    { name: 'an IPv4 address against an IPv6 entry', ip: '10.0.0.5', list: ['2001:db8::/32'], expected: false },
    { name: 'no address', ip: null, list: ['10.0.0.5'], expected: false },
    { name: 'an empty address', ip: '', list: ['10.0.0.5'], expected: false },
    { name: 'a garbage address', ip: 'not-an-ip', list: ['0.0.0.0/0'], expected: false },
    { name: 'an empty list', ip: '10.0.0.5', list: [], expected: false },
    {
      name: 'garbage entries (ignored)',
      ip: '10.0.0.5',
      list: ['garbage', '10.0.0.0/99', '10.0.0.0/x', '1.2.3-4', '', '10.0.0.5'],
      expected: true,
    },
    { name: 'only garbage entries', ip: '10.0.0.5', list: ['garbage', '10.0.0.0/33', 'a-b', '*'], expected: false },
    { name: 'a reversed range (matches nothing)', ip: '10.0.0.50', list: ['10.0.0.100-10.0.0.10'], expected: false },
  ];
  it.each(cases)('answers $expected for $name', ({ ip, list, expected }) => {
    expect(ipInList(ip, list)).toBe(expected);
  });
});
