/**
 * Custom domain names an owner may attach to a site (issue 34, docs/api/domains.md):
 * ASCII host names (internationalised names in their xn-- form), two labels or more, each
 * 1-63 letters, digits or hyphens not starting or ending with a hyphen, 253 characters at
 * most, a top-level label of letters (or an xn-- label). No IP addresses, no local names,
 * nothing under the platform's own domains.
 */
export const DOMAIN_MESSAGES = {
  invalid: 'Enter a domain name such as shop.example.com.',
  reserved: 'That domain cannot be connected to a site.',
  taken: 'This domain is already connected to a site.',
  tooMany: (max: number) => `A site can have at most ${max} domains.`,
  notFound: 'No such domain on this site.',
  notVerified: 'Verify the domain before making it primary.',
  removePrimary: 'Make another domain primary before removing this one.',
  verificationFailed: (name: string, value: string) => `No TXT record ${name} with the value ${value} was found yet. DNS changes can take a few hours to show.`,
  lookupFailed: 'The DNS lookup failed. Try again in a few minutes.',
} as const;

/** At most this many custom domains per site. */
export const MAX_DOMAINS = 10;

/** The TXT record that proves control of `host`. */
export function verificationRecord(host: string, token: string): { name: string; value: string } {
  return { name: `_atelier-verify.${host}`, value: `atelier-verify=${token}` };
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** Names that never reach a public site: local, test and documentation suffixes (RFC 6761, 2606). */
const RESERVED_SUFFIXES = ['localhost', 'local', 'test', 'invalid', 'example', 'internal', 'arpa'];

/**
 * The normalised host of an owner's entry (lower case, no trailing dot, no scheme, path
 * or port pasted along), or undefined when it is no valid public domain name.
 * `platformDomains` are the platform's own (e.g. atelier.site): never attachable.
 */
export function normaliseDomain(input: string, platformDomains: readonly string[] = []): { host: string } | { error: 'invalid' | 'reserved' } {
  let host = input.trim().toLowerCase();
  host = host.replace(/^https?:\/\//, '').replace(/[/?#].*$/, '').replace(/\.$/, '');
  if (host.length === 0 || host.length > 253) return { error: 'invalid' };
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TOP_LABEL.test(labels.at(-1)!)) return { error: 'invalid' };
  // xn-- is the only label form with hyphens in places 3 and 4 (RFC 5891).
  if (labels.some((l) => l[2] === '-' && l[3] === '-' && !l.startsWith('xn--'))) return { error: 'invalid' };
  if (RESERVED_SUFFIXES.includes(labels.at(-1)!)) return { error: 'reserved' };
  if (platformDomains.some((p) => host === p || host.endsWith(`.${p}`))) return { error: 'reserved' };
  return { host };
}
