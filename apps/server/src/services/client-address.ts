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

/** The first four groups of an IPv6 address, each without leading zeros (`2001:db8:0:1`). */
const prefix64 = (ip: string): string => {
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = groupsOf(head);
  const right = groupsOf(tail);
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return groups
    .slice(0, 4)
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
  return isIPv4(address) ? address : `${prefix64(address)}::/64`;
};

/**
 * The address bucket a credential-stuffing run counts in: an IPv4 /24, an IPv6 /64 (IPv4-mapped
 * addresses as IPv4), so that a run cannot hop between neighbouring addresses (services/stuffing.ts).
 * For IPv6 also its site, the /48, which the counts keep a wider tier for: a /48 is what a provider
 * hands one customer site, or a pool of many subscribers' /64s, and its holder has 65,536 buckets of
 * /64 to spread a run over. IPv4 has no site: its /24 bucket is already as wide. The address is
 * parsed once for both.
 */
export const addressBuckets = (ip: string): { bucket: string; site: string | undefined } => {
  const subject = limitSubject(ip);
  if (isIPv4(subject)) return { bucket: `${subject.split('.').slice(0, 3).join('.')}.0/24`, site: undefined };
  // limitSubject's /64 is `a:b:c:d::/64`, its first three groups the /48's.
  const site = subject.endsWith('::/64') ? `${subject.split(':', 3).join(':')}::/48` : undefined;
  return { bucket: subject, site };
};
