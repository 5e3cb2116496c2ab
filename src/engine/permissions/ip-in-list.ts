import { BlockList, isIP } from 'node:net';

const familyOf = (address: string): 'ipv4' | 'ipv6' | null => {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
};

/**
 * Whether an address is inside any entry of a policy's `ip_access` list: single addresses, CIDR blocks and
 * `a-b` ranges, IPv4 and IPv6 (an IPv4-mapped `::ffff:a.b.c.d` counts as its IPv4 address). Entries that
 * can't be read match nothing.
 */
export function ipInList(ip: string | null, list: string[]): boolean {
  if (!ip) return false;
  const address = ip.toLowerCase().startsWith('::ffff:') && familyOf(ip.slice(7)) === 'ipv4' ? ip.slice(7) : ip;
  const family = familyOf(address);
  if (!family) return false;
  const block = new BlockList();
  for (const raw of list) {
    const entry = raw.trim();
    try {
      if (entry.includes('/')) {
        const [net = '', prefix = ''] = entry.split('/');
        const netFamily = familyOf(net.trim());
        if (netFamily && /^\d+$/.test(prefix.trim())) block.addSubnet(net.trim(), Number(prefix), netFamily);
      } else if (entry.includes('-')) {
        const [start = '', end = ''] = entry.split('-').map((part) => part.trim());
        const rangeFamily = familyOf(start);
        if (rangeFamily && rangeFamily === familyOf(end)) block.addRange(start, end, rangeFamily);
      } else {
        const entryFamily = familyOf(entry);
        if (entryFamily) block.addAddress(entry, entryFamily);
      }
    } catch {
      // A malformed entry (prefix out of range, reversed range) matches nothing.
    }
  }
  return block.check(address, family);
}
