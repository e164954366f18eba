/**
 * Which network addresses a webhook may never reach (SSRF): loopback, private, shared,
 * link-local (cloud metadata), multicast, reserved and documentation ranges, for IPv4 and
 * IPv6 (including IPv4-mapped, NAT64 and 6to4 forms of such IPv4 addresses). Pure functions:
 * edge/services/webhooks/url-check.ts applies them to a URL's literal host and to every
 * address its name resolves to.
 */

/** [first address, prefix length] of each refused IPv4 range. */
const BLOCKED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** The dotted-quad IPv4 address as a 32-bit number, or undefined when `text` is not one. */
export function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return undefined;
    const v = Number(part);
    if (v > 255) return undefined;
    n = n * 256 + v;
  }
  return n;
}

function inV4Range(n: number, base: string, bits: number): boolean {
  const size = 2 ** (32 - bits);
  const start = parseIpv4(base)!;
  return n >= start && n < start + size;
}

export function isBlockedIpv4(text: string): boolean {
  const n = parseIpv4(text);
  if (n === undefined) return true;
  return BLOCKED_V4.some(([base, bits]) => inV4Range(n, base, bits));
}

/** The eight 16-bit groups of an IPv6 address (brackets, zone and embedded IPv4 allowed), or undefined. */
export function parseIpv6(text: string): number[] | undefined {
  let s = text.replace(/^\[|\]$/g, '').toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!/^[0-9a-f:.]+$/.test(s) || !s.includes(':')) return undefined;
  // A trailing dotted IPv4 part is two groups.
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIpv4(tail);
    if (v4 === undefined) return undefined;
    s = `${s.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const read = (part: string) => (part === '' ? [] : part.split(':'));
  const head = read(halves[0]!);
  const rest = halves.length === 2 ? read(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return groups.map((g) => parseInt(g, 16));
}

const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

export function isBlockedIpv6(text: string): boolean {
  const g = parseIpv6(text);
  if (!g) return true;
  const [a, b] = [g[0]!, g[1]!];
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(7) && (g[7] === 0 || g[7] === 1)) return true; // :: and ::1
  if (zeroUpTo(5) && g[5] === 0xffff) return isBlockedIpv4(v4Of(g[6]!, g[7]!)); // IPv4-mapped
  if (zeroUpTo(6)) return isBlockedIpv4(v4Of(g[6]!, g[7]!)); // IPv4-compatible (deprecated)
  if (a === 0x64 && b === 0xff9b) return isBlockedIpv4(v4Of(g[6]!, g[7]!)); // NAT64
  if (a === 0x2002) return isBlockedIpv4(v4Of(b, g[2]!)); // 6to4
  if ((a & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((a & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((a & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  if ((a & 0xff00) === 0xff00) return true; // multicast
  if (a === 0x2001 && b === 0x0db8) return true; // documentation
  if (a === 0x0100 && zeroUpTo(4)) return true; // discard-only 100::/64
  return false;
}

/** True when `address` (IPv4 or IPv6 text) is one a webhook may not reach; anything unreadable counts as refused. */
export function isBlockedAddress(address: string): boolean {
  return parseIpv4(address) !== undefined ? isBlockedIpv4(address) : isBlockedIpv6(address);
}

/** Host names that name this machine or a private network by convention, whatever DNS says. */
export function isBlockedHostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || /\.(localhost|local|internal|home\.arpa|localdomain)$/.test(h) || !h.includes('.');
}
