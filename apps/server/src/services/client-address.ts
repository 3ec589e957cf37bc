import { isIPv4, isIPv6 } from 'node:net';

/** An IPv4-mapped IPv6 address (`::ffff:198.51.100.7`, as a dual-stack socket reports IPv4) as IPv4. */
const unmapped = (ip: string): string => (ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip);

/** The 16-bit groups of one side of `::`; an IPv4 tail (`1.2.3.4`) is the last two. */
const groupsOf = (side: string): string[] =>
  side
    ? side.split(':').flatMap((group) => {
        if (!group.includes('.')) return [group];
        const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
        return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
      })
    : [];

/** The first `count` groups of an IPv6 address, each without leading zeros (`2001:db8:0:1` for four). */
const leadingGroups = (ip: string, count: number): string => {
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = groupsOf(head);
  const right = groupsOf(tail);
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return groups
    .slice(0, count)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':');
};

/**
 * Who a per-address limit counts (docs/security.md "Throttles"): an IPv4 address as it is, an
 * IPv6 address by its /64. One subscriber, one server or one LAN holds a whole /64 (2^64 addresses,
 * handed out by the provider as IPv4 hands out one), so counted address by address an IPv6 client
 * would pass every per-address limit by taking a new address for each request, and leave a counter
 * behind for each. Any other key (`account:…`, `owner:…`, a bucket) is its own subject.
 */
export const limitSubject = (key: string): string => {
  // IPv4 addresses and most keys have no colon: no parse on the look-up's path.
  if (!key.includes(':') || !isIPv6(key)) return key;
  const address = unmapped(key);
  return isIPv4(address) ? address : `${leadingGroups(address, 4)}::/64`;
};

/**
 * The address bucket a credential-stuffing run counts in: an IPv4 /24, an IPv6 /64 (IPv4-mapped
 * addresses as IPv4), so that a run cannot hop between neighbouring addresses (services/stuffing.ts).
 */
export const addressBucket = (ip: string): string => {
  const subject = limitSubject(ip);
  return isIPv4(subject) ? `${subject.split('.').slice(0, 3).join('.')}.0/24` : subject;
};

/**
 * The site an IPv6 address belongs to, its /48, for the credential-stuffing counts' wider tier
 * (services/stuffing.ts); none for IPv4 (IPv4-mapped addresses included), whose /24 bucket is
 * already as wide. A /48 is what a provider hands one customer site, or a pool of many subscribers'
 * /64s: one holder of a /48 has 65,536 buckets of /64 to spread a run over.
 */
export const addressSite = (ip: string): string | undefined => {
  if (!ip.includes(':') || !isIPv6(ip)) return undefined;
  const address = unmapped(ip);
  return isIPv4(address) ? undefined : `${leadingGroups(address, 3)}::/48`;
};
