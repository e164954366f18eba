import { Hono } from 'hono';
import type { AppEnv } from '../../env.js';
import { confirmSubscription, subscriberForLink, type ListSubscriber } from '../../services/newsletter/subscribers.js';
import { baseContext } from '../page-context.js';
import { type PageRequest } from '../page-request.js';
import { PAGE_TYPE, type PageResult } from '../page-types.js';
import { pageRequest, respond } from '../respond.js';

type NewsletterState = 'confirmed' | 'confirm-invalid' | 'unsubscribe' | 'unsubscribed' | 'unsubscribe-invalid';

async function newsletterPage(
  req: PageRequest,
  state: NewsletterState,
  subscriber: ListSubscriber | undefined,
  signature = '',
): Promise<PageResult> {
  const unsubscribePage = state.startsWith('unsubscribe');
  const base = unsubscribePage
    ? await baseContext(req, PAGE_TYPE.newsletterUnsubscribe, 'newsletter-unsubscribe')
    : await baseContext(req, PAGE_TYPE.page, 'newsletter-confirmation');
  const newsletter = subscriber
    ? { state, listName: subscriber.listName, email: subscriber.email, subscriberId: subscriber.id, signature }
    : { state };
  return { status: subscriber ? 200 : 400, templates: ['newsletter.html'], context: { ...base, newsletter } };
}

/**
 * The newsletter's pages: the double opt-in link, and the unsubscribe page (SPEC §2 page
 * type 300) reached by a signed link. Unsubscribing takes a button press (a POST), so
 * mail scanners that follow links cannot unsubscribe anyone.
 */
export const newsletterPages = new Hono<AppEnv>({ strict: false });

newsletterPages.get('/confirm', async (c) => {
  const req = pageRequest(c);
  const token = c.req.query('token') ?? '';
  const subscriber = token ? await confirmSubscription(req.db, req.site.id, token, req.now) : undefined;
  return respond(c, req, await newsletterPage(req, subscriber ? 'confirmed' : 'confirm-invalid', subscriber));
});

newsletterPages.get('/unsubscribe', async (c) => {
  const req = pageRequest(c);
  const [id, sig] = [c.req.query('s') ?? '', c.req.query('sig') ?? ''];
  const subscriber = id && sig ? await subscriberForLink(req.db, req.site.id, id, sig) : undefined;
  if (!subscriber) return respond(c, req, await newsletterPage(req, 'unsubscribe-invalid', undefined));
  const state = subscriber.status === 'unsubscribed' ? 'unsubscribed' : 'unsubscribe';
  return respond(c, req, await newsletterPage(req, state, subscriber, sig));
});
