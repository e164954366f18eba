import { MAX_URL_LENGTH, safeHref } from '../../../../../blocks/safe-url.js';
import { isFormEmail } from '../../../../../domain/forms/email.js';

/**
 * SPEC §5 editor-side messages of the link editor, with the formats filled in: `{host}` as
 * the two ways an address may be typed, `{email}` as the example address the forms show.
 */
export const LINK_MESSAGES = {
  badLink: 'Links must be formatted as example.com or https://example.com',
  badPage: (val: string) => `${val} is not a valid page URL`,
  noEmail: 'Please enter a valid email',
  badEmail: 'Emails must be formatted as user@domain.com',
} as const;

export type LinkCheck = { ok: true; href: string } | { ok: false; message: string };

// A path of this site: /slug, /a/b-c, with an optional query or fragment; no spaces or backslashes.
const PAGE_PATH = /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:@%/-]*([?#][^\s\\]*)?$/;
// A host: labels of letters, digits and hyphens, and a top-level domain of letters (or localhost).
const HOST = /^(localhost|([a-z0-9-]+\.)+[a-z]{2,63}|xn--[a-z0-9-]+)$/i;

/**
 * What the owner typed as a link, checked and made an href: a page path (`/about`), an address
 * (`example.com` becomes `https://example.com`), `mailto:` or an email address, `tel:`.
 * Script and data URLs, and anything else, are refused with the SPEC message for that kind.
 * @example checkLink('example.com/a') → { ok: true, href: 'https://example.com/a' }
 */
export function checkLink(input: string): LinkCheck {
  const value = input.trim();
  if (value === '' || value.length > MAX_URL_LENGTH || value.startsWith('//')) return { ok: false, message: LINK_MESSAGES.badLink };
  if (value.startsWith('/') && !value.startsWith('//')) {
    return PAGE_PATH.test(value) ? { ok: true, href: value } : { ok: false, message: LINK_MESSAGES.badPage(value) };
  }
  const mailto = /^mailto:/i.exec(value);
  if (mailto || (!/^[a-z][a-z0-9+.-]*:/i.test(value) && value.includes('@'))) {
    const address = decodeSafe(mailto ? value.slice(7).split('?')[0]! : value);
    if (address === '') return { ok: false, message: LINK_MESSAGES.noEmail };
    if (!isFormEmail(address)) return { ok: false, message: LINK_MESSAGES.badEmail };
    return { ok: true, href: mailto ? value : `mailto:${address}` };
  }
  if (/^tel:/i.test(value)) return /^tel:\+?[0-9 ().-]{3,30}$/i.test(value) ? { ok: true, href: value } : { ok: false, message: LINK_MESSAGES.badLink };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, message: LINK_MESSAGES.badLink };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !HOST.test(url.hostname) || /\s/.test(value)) return { ok: false, message: LINK_MESSAGES.badLink };
  // The server's check (blocks/safe-url.ts) has the last word.
  return safeHref(withScheme) === undefined ? { ok: false, message: LINK_MESSAGES.badLink } : { ok: true, href: withScheme };
}

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value).trim();
  } catch {
    return value.trim();
  }
}
