import { z } from 'zod';

// SPEC §9: URL check max length 2083.
export const MAX_URL_LENGTH = 2083;
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * `href` when it is http, https, mailto, tel or relative; otherwise undefined.
 * Control characters and whitespace browsers ignore inside a scheme are stripped first,
 * so `java\nscript:` is seen for what it is.
 * @example safeHref('javascript:alert(1)') === undefined; safeHref('/shop') === '/shop'
 */
export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string' || href.length > MAX_URL_LENGTH) return undefined;
  const trimmed = href.trim();
  // eslint-disable-next-line no-control-regex
  const squeezed = trimmed.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(squeezed);
  if (!scheme) return trimmed.startsWith('//') ? undefined : trimmed;
  return ALLOWED_SCHEMES.has(scheme[1]!.toLowerCase() + ':') ? trimmed : undefined;
}

/** A link prop: refused at write unless `safeHref` keeps it. */
export const linkProp = z
  .string()
  .max(MAX_URL_LENGTH)
  .refine((href) => href === '' || safeHref(href) !== undefined, { message: 'Links must be http, https, mailto, tel or a path on this site.' });
