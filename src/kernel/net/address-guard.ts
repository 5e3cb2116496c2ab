import { BlockList, isIP } from 'node:net';

/**
 * The addresses a server-side fetch (file import) refuses unless allowed: unspecified, loopback, private,
 * carrier-grade NAT, link-local (cloud metadata), benchmarking, documentation, reserved and multicast ranges,
 * IPv4 and IPv6. An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries.
 */
const DENIED: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const denied = new BlockList();
for (const [network, prefix, family] of DENIED) denied.addSubnet(network, prefix, family);

export type AddressGuard = {
  /** Whether a fetch may connect to `address` (an IP literal; anything else is refused). */
  allows(address: string): boolean;
};

/**
 * A guard over the denied ranges, with `exceptions` (IP addresses or CIDR ranges, e.g. `10.1.2.3`,
 * `192.168.0.0/16`, `::1`) that are allowed although they are in one. Throws on a malformed exception.
 */
export function createAddressGuard(exceptions: readonly string[]): AddressGuard {
  const allowed = new BlockList();
  for (const entry of exceptions) {
    const [network = '', prefixText] = entry.trim().split('/');
    const family = isIP(network);
    if (family === 0) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) allowed.addAddress(network, type);
    else {
      const prefix = Number(prefixText);
      if (!/^\d+$/.test(prefixText) || prefix > (family === 4 ? 32 : 128)) throw new Error(`"${entry}" has an invalid prefix length`);
      allowed.addSubnet(network, prefix, type);
    }
  }
  return {
    allows(address: string): boolean {
      const plain = unmapped(address);
      const family = isIP(plain);
      if (family === 0) return false;
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (allowed.check(plain, type) || allowed.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6')) return true;
      return !denied.check(plain, type);
    },
  };
}

/** `::ffff:a.b.c.d` and `::ffff:7f00:1` as the IPv4 address they carry; anything else as it is. */
function unmapped(address: string): string {
  const text = address.toLowerCase().replace(/^\[|\]$/g, '');
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(text);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return text;
}
