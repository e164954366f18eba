import { Hono } from 'hono';
import type { AppEnv } from '../../env.js';
import { bodyGuard, FORM_TYPES } from '../../middleware/body-guard/index.js';
import { confirmSubscription, peekSubscription, subscriberForLink, type ListSubscriber } from '../../services/newsletter/subscribers.js';
import { baseContext } from '../page-context.js';
import { mailingListName } from '../../services/multilingual/texts.js';
import { type PageRequest } from '../page-request.js';
import { PAGE_TYPE, type PageResult } from '../page-types.js';
import { pageRequest, respond } from '../respond.js';

type NewsletterState = 'confirm' | 'confirmed' | 'confirm-invalid' | 'unsubscribe' | 'unsubscribed' | 'unsubscribe-invalid';

async function newsletterPage(
  req: PageRequest,
  state: NewsletterState,
  subscriber: ListSubscriber | undefined,
  signature = '',
  token = '',
): Promise<PageResult> {
  const unsubscribePage = state.startsWith('unsubscribe');
  const base = unsubscribePage
    ? await baseContext(req, PAGE_TYPE.newsletterUnsubscribe, 'newsletter-unsubscribe')
    : await baseContext(req, PAGE_TYPE.page, 'newsletter-confirmation');
  // The list's name in the page's language where the owner translated it (lang27).
  const table = subscriber && req.translations ? await req.translations : undefined;
  const newsletter = subscriber
    ? { state, listName: mailingListName(table, subscriber.listId, subscriber.listName), email: subscriber.email, subscriberId: subscriber.id, signature, token, language: req.language?.code ?? '' }
    : { state };
  return { status: subscriber ? 200 : 400, templates: ['newsletter.html'], context: { ...base, newsletter } };
}

/**
 * The newsletter's pages: the double opt-in link, and the unsubscribe page (SPEC §2 page
 * type 300) reached by a signed link. Confirming and unsubscribing each take a button press
 * (a POST), so mail scanners that follow links change nothing. Never cached: the pages name
 * the subscriber.
 */
export const newsletterPages = new Hono<AppEnv>({ strict: false });

const noStore = (res: Response): Response => {
  res.headers.set('Cache-Control', 'no-store');
  return res;
};

newsletterPages.get('/confirm', async (c) => {
  const req = pageRequest(c);
  const token = c.req.query('token') ?? '';
  const subscriber = token ? await peekSubscription(req.db, req.site.id, token) : undefined;
  return noStore(await respond(c, req, await newsletterPage(req, subscriber ? 'confirm' : 'confirm-invalid', subscriber, '', token)));
});

newsletterPages.post('/confirm', bodyGuard({ types: FORM_TYPES, maxBytes: 4 * 1024 }), async (c) => {
  const req = pageRequest(c);
  const body = await c.req.parseBody();
  const token = typeof body['token'] === 'string' ? body['token'] : '';
  const subscriber = token ? await confirmSubscription(req.db, req.site.id, token, req.now) : undefined;
  return noStore(await respond(c, req, await newsletterPage(req, subscriber ? 'confirmed' : 'confirm-invalid', subscriber)));
});

newsletterPages.get('/unsubscribe', async (c) => {
  const req = pageRequest(c);
  const [id, sig] = [c.req.query('s') ?? '', c.req.query('sig') ?? ''];
  const subscriber = id && sig ? await subscriberForLink(req.db, req.site.id, id, sig) : undefined;
  if (!subscriber) return noStore(await respond(c, req, await newsletterPage(req, 'unsubscribe-invalid', undefined)));
  const state = subscriber.status === 'unsubscribed' ? 'unsubscribed' : 'unsubscribe';
  return noStore(await respond(c, req, await newsletterPage(req, state, subscriber, sig)));
});
