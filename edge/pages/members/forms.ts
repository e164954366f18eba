/**
 * The member forms posted without JavaScript (issue 30): the lock screen's password and a
 * free area's join button. Both carry the visitor's crumb (checked by requireCrumb).
 */
import { Hono, type Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { clientIp } from '../../lib/client-address.js';
import { cookieBase } from '../../lib/cookie-attributes.js';
import { bodyGuard, FORM_TYPES } from '../../middleware/body-guard/index.js';
import { requireCrumb } from '../../middleware/crumb/index.js';
import { rateLimit } from '../../middleware/rate-limit/index.js';
import { grantMembership, hasAccess, listAreas } from '../../services/members/areas.js';
import { areaOffer } from '../../services/members/paid.js';
import { addEntry, createSubscriptionCart, isCartTokenShape, type CartScope } from '../../services/cart/index.js';
import { cartToken, syncCartCookies } from '../../middleware/session/cart-cookies.js';
import { checkLockPassword, locksFor, unlockCookieName, unlockToken } from '../../services/members/passwords.js';
import { baseContext } from '../page-context.js';
import { PAGE_TYPE } from '../page-types.js';
import { pageRequest, respond } from '../respond.js';
import { lockScreen, PERSONAL } from './access.js';
import { escapeAttr, escapeHtml } from '../../../engine/index.js';
import { accountPath, accountTexts } from '../account/account-texts.js';
import { textHtml } from '../page-words.js';

const unlockForm = z.object({
  scope: z.string().regex(/^(?:site|[A-Za-z0-9_-]{1,64})$/),
  password: z.string().max(256),
  return: z.string().max(2000).optional(),
});
const joinForm = z.object({ area: z.string().regex(/^[0-9a-f]{32}$/), return: z.string().max(2000).optional() });

/** A same-site path to go back to (never another origin). */
function safeReturn(path: string | undefined): string {
  return path && /^\/(?![/\\])[^\s]*$/.test(path) ? path : '/';
}

async function formOf<T extends z.ZodTypeAny>(c: Context<AppEnv>, schema: T): Promise<z.output<T>> {
  const parsed = schema.safeParse(await c.req.parseBody());
  if (!parsed.success) throw new ApiError(400, 'invalid_request', 'The form is not complete.');
  return parsed.data;
}

export const memberForms = new Hono<AppEnv>({ strict: false });

// Wrong passwords are throttled per source address and per target (site or page): the budget
// is spent before the password is checked, so a throttled guess learns nothing.
const passwordBudgets = (scope: string) =>
  rateLimit(
    { binding: 'RATE_SIGN_IN_IP', periodSeconds: 60, key: (c) => `unlock:${clientIp(c) || 'local'}` },
    { binding: 'RATE_SIGN_IN_ACCOUNT', periodSeconds: 60, key: (c) => `unlock:${c.var.site.id}:${scope}:${clientIp(c)}` },
    { binding: 'RATE_SIGN_IN_CEILING', periodSeconds: 60, key: (c) => `unlock:${c.var.site.id}:${scope}` },
  );

// Small url-encoded forms: another type is 415, an oversize body 413, before the crumb is read.
const guard = bodyGuard({ types: FORM_TYPES, maxBytes: 4 * 1024 });

memberForms.post('/unlock', guard, requireCrumb, async (c) => {
  const form = await formOf(c, unlockForm);
  const back = safeReturn(form.return);
  const [lock] = await locksFor(c.var.db, c.var.site.id, [form.scope]);
  if (!lock) return c.redirect(back, 303);
  try {
    await passwordBudgets(lock.scope)(c, async () => {});
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) {
      c.header('Retry-After', '60');
      return lockScreen(c, lock.scope, back, (await accountTexts(c)).accountRateLimited, 429);
    }
    throw err;
  }
  if (!(await checkLockPassword(lock, form.password))) return lockScreen(c, lock.scope, back, (await accountTexts(c)).memberWrongPassword, 401);
  // An unlock lasts the browser session (no Max-Age), HttpOnly.
  setCookie(c, unlockCookieName(lock.scope), await unlockToken(c.var.site.id, lock), { ...cookieBase(c), httpOnly: true });
  c.header('Cache-Control', PERSONAL);
  return c.redirect(back, 303);
});

// A free area's join button: the signed-in visitor becomes a member at once.
memberForms.post('/join', guard, requireCrumb, async (c) => {
  const form = await formOf(c, joinForm);
  const user = c.var.siteUser;
  if (!user) return c.redirect(accountPath(c, '/account'), 303);
  const area = (await listAreas(c.var.db, c.var.site.id)).find((a) => a.id === form.area);
  if (!area) throw new ApiError(404, 'not_found', 'This member area does not exist.');
  if (area.access !== 'free') throw new ApiError(402, 'payment_required', 'This member area is not free.');
  await grantMembership(c.var.db, c.var.site.id, area.id, user.id, { source: 'free' }, Date.now());
  return c.redirect(`${accountPath(c, '/membership-confirmed')}?area=${area.id}&return=${encodeURIComponent(safeReturn(form.return))}`, 303);
});

// A paid area's buy button, signed in or not (a guest's access goes to the account with the
// checkout email): the recurring plan opens the subscription checkout of its own single-item
// cart; one-time access goes into the visitor's cart and the checkout.
memberForms.post('/buy', guard, requireCrumb, async (c) => {
  const form = await formOf(c, joinForm);
  const offer = await areaOffer(c.var.db, c.var.site.id, form.area);
  if (!offer) throw new ApiError(404, 'not_found', 'This member area has no paid access.');
  const item = { itemId: offer.itemId, sku: offer.sku, quantity: 1, additionalFields: null };
  const scope: CartScope = { db: c.var.db, site: c.var.site, now: Date.now() };
  if (offer.access === 'recurring') {
    const { cartToken } = await createSubscriptionCart(scope, item);
    return c.redirect(`${accountPath(c, '/checkout')}?cartToken=${cartToken}`, 303);
  }
  const visitorToken = cartToken(c);
  const added = await addEntry(scope, isCartTokenShape(visitorToken) ? visitorToken : undefined, item);
  syncCartCookies(c, added.view, added.token, true);
  return c.redirect(accountPath(c, '/checkout'), 303);
});

/** SPEC §2 page type 208: the membership the signed-in visitor now has. */
export async function membershipConfirmed(c: Context<AppEnv>): Promise<Response> {
  const req = pageRequest(c);
  c.header('Cache-Control', PERSONAL);
  const user = c.var.siteUser;
  const found = user ? (await listAreas(req.db, req.site.id)).find((a) => a.id === c.req.query('area')) : undefined;
  // Only a membership the visitor really has is confirmed.
  const area = found && (await hasAccess(req.db, found.id, user!.id, req.now)) ? found : undefined;
  const back = c.req.query('return') ? safeReturn(c.req.query('return')) : area?.pages[0] ? `/${area.pages[0].slug}` : (area?.collections[0]?.fullUrl ?? '/');
  const [base, t] = await Promise.all([baseContext(req, PAGE_TYPE.membershipConfirmed, 'membership-confirmed'), accountTexts(c)]);
  // A guest's purchase: the access is on the account with the checkout email, which was mailed a link.
  const guestArea = !user && c.req.query('guest') === '1' ? (await listAreas(req.db, req.site.id)).find((a) => a.id === c.req.query('area') && a.access !== 'free') : undefined;
  // In the page's words (issue 29); respond() puts an added language's prefix on the links.
  const body = area
    ? `<h1>${textHtml(t.memberWelcome, { area: escapeHtml(area.name) })}</h1><p>${escapeHtml(t.memberActive)}</p><p><a class="member-continue" href="${escapeAttr(back)}">${escapeHtml(t.memberContinue)}</a></p>`
    : guestArea
      ? `<h1>${escapeHtml(t.contributionTitle)}</h1><p class="member-guest">${textHtml(t.memberGuest, { area: escapeHtml(guestArea.name), signIn: `<a href="/account">${escapeHtml(t.memberSignInLower)}</a>` })}</p>`
      : `<h1>${escapeHtml(t.memberHeading)}</h1><p>${textHtml(t.memberSignInToSee, { signIn: `<a href="/account">${escapeHtml(t.accountSignIn)}</a>` })}</p>`;
  return respond(c, req, {
    status: area || guestArea ? 200 : 404,
    templates: ['page.html'],
    context: {
      ...base,
      collection: { id: 'membership-confirmed', title: t.memberConfirmedTitle, urlId: 'membership-confirmed', fullUrl: '/membership-confirmed', typeName: 'page', mainContent: `<section class="membership-confirmed">${body}</section>`, mainContentHasHeading: true },
      ...(area ? { memberArea: { id: area.id, name: area.name, access: area.access, member: true } } : {}),
    },
  });
}
