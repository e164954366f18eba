import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { unsubscribe } from '../../services/newsletter/subscribers.js';
import { siteLanguages } from '../../services/multilingual/settings.js';
import { languagePrefix } from '../../../domain/languages/languages.js';

/** `/fr` when `language` (the page's, from its form) is an added language the site publishes; '' otherwise. */
async function pagePrefix(c: Context<AppEnv>, language: unknown): Promise<string> {
  if (typeof language !== 'string' || !language) return '';
  const languages = await siteLanguages(c.var.db, c.var.site);
  const code = languages.enabled ? languages.added.find((l) => l.toLowerCase() === language.slice(0, 35).toLowerCase()) : undefined;
  return code ? `/${languagePrefix(code)}` : '';
}

/**
 * POST /api/newsletter/unsubscribe: `s` (subscriber id) and `sig` from a signed link (in the body, or in the
 * URL of a List-Unsubscribe header), as
 * the page-type-300 form or a mail client's one-click unsubscribe (RFC 8058) sends them.
 * Crumb-exempt: the signature is the credential, and one-click posts carry no cookies.
 */
export const newsletterApi = new Hono<AppEnv>({ strict: false });

newsletterApi.post('/unsubscribe', async (c) => {
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  // A one-click post (RFC 8058) carries `List-Unsubscribe=One-Click` as its body and s and sig in the URL.
  const [id, sig] = [body['s'] ?? c.req.query('s'), body['sig'] ?? c.req.query('sig')];
  if (typeof id !== 'string' || typeof sig !== 'string' || !id || !sig) {
    throw new ApiError(400, 'invalid_link', 'This unsubscribe link is not valid.');
  }
  const subscriber = await unsubscribe(c.var.db, c.var.site.id, id, sig, Date.now());
  if (!subscriber) throw new ApiError(404, 'invalid_link', 'This unsubscribe link is not valid.');
  // A person pressed the page's button: show them the result page.
  if ((c.req.header('Accept') ?? '').includes('text/html')) {
    // The result page in the language of the page the button was on (issue 29).
    return c.redirect(`${await pagePrefix(c, body['language'])}/newsletter/unsubscribe?s=${encodeURIComponent(id)}&sig=${encodeURIComponent(sig)}`, 303);
  }
  return c.json({ unsubscribed: true });
});
