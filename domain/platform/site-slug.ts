/**
 * A new site's slug (issue 34): its host is `<slug>.<platform domain>`, so it is one DNS
 * label of lower-case letters, digits and inner hyphens, 3 to 40 characters, and none of the
 * names the platform keeps for itself.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'app', 'www', 'api', 'admin', 'mail', 'smtp', 'static', 'assets', 'cdn', 'platform', 'support', 'help',
  'billing', 'status', 'docs', 'blog', 'dashboard', 'account', 'accounts', 'login', 'signup', 'auth', 'config',
]);

export const SLUG_MIN = 3;
export const SLUG_MAX = 40;

/** The message for a slug that breaks a rule, or undefined when it may be used. */
export function slugProblem(slug: string): string | undefined {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX) return `Site addresses are ${SLUG_MIN} to ${SLUG_MAX} characters.`;
  if (!/^[a-z0-9-]+$/.test(slug)) return 'Use only lower-case letters, digits and hyphens.';
  if (slug.startsWith('-') || slug.endsWith('-')) return 'A site address cannot start or end with a hyphen.';
  if (RESERVED_SLUGS.has(slug)) return `"${slug}" is reserved. Choose another site address.`;
  return undefined;
}

/** A slug suggested from a title: "Fern & Kiln!" -> "fern-kiln" (may still need checking). */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

export const SLUG_TAKEN_MESSAGE = 'That site address is taken. Choose another.';
