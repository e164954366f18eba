/**
 * Who may read a page (issue 30): site and page passwords (lock screen, 103) and member
 * areas (paywall 107, access denied 106, protected content 105). Every answer that depends
 * on the visitor is marked `private, no-store`, which the page cache never stores.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { escapeAttr, escapeHtml } from '../../../engine/index.js';
import { displayMoney } from '../../../domain/money/money.js';
import type { AppEnv } from '../../env.js';
import { crumbFor } from '../../middleware/crumb/index.js';
import { collectionProtection, hasAccess, pageProtection, type PageProtection } from '../../services/members/areas.js';
import type { CollectionRecord } from '../../services/collections.js';
import { isUnlocked, locksFor, SITE_SCOPE, unlockCookieName, type AccessLock } from '../../services/members/passwords.js';
import type { ServedPage } from '../../services/pages/published-page.js';
import { blockPage } from '../block-page.js';
import { baseContext } from '../page-context.js';
import type { PageRequest } from '../page-request.js';
import { PAGE_TYPE, type PageResult } from '../page-types.js';
import { respond, wantsJson } from '../respond.js';
import { notFoundPage } from '../utility-pages.js';
import { fillText, type StoreTexts } from '../../../domain/languages/store-texts.js';
import { accountPath, accountTexts } from '../account/account-texts.js';
import { textHtml } from '../page-words.js';

/** Never stored by the page cache (page-cache.ts skips these) nor by any shared cache. */
export const PERSONAL = 'private, no-store';


/** A password lock the visitor has not opened, else undefined. */
async function closedLock(c: Context<AppEnv>, lock: AccessLock | undefined): Promise<AccessLock | undefined> {
  if (!lock) return undefined;
  return (await isUnlocked(c.var.site.id, lock, getCookie(c, unlockCookieName(lock.scope)))) ? undefined : lock;
}

function lockScreenHtml(c: Context<AppEnv>, t: StoreTexts, scope: string, returnPath: string, error?: string): string {
  const title = scope === SITE_SCOPE ? t.memberSiteLockTitle : t.memberLockTitle;
  const crumb = crumbFor(c);
  return `<!doctype html>
<html lang="${escapeAttr(c.var.language?.code ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#222;max-width:28rem;margin:15vh auto;padding:0 1.5rem}label,input,button{display:block;font:inherit}input{width:100%;padding:.5rem;margin:.25rem 0 1rem}button{padding:.5rem 1rem}.error{color:#a00}</style>
</head>
<body>
<main class="lock-screen" data-page-type="103">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t.memberLockPrompt)}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeAttr(accountPath(c, '/members/unlock'))}">
<input type="hidden" name="crumb" value="${escapeAttr(crumb)}">
<input type="hidden" name="scope" value="${escapeAttr(scope)}">
<input type="hidden" name="return" value="${escapeAttr(returnPath)}">
<label for="lock-password">${escapeHtml(t.accountPassword)}</label>
<input id="lock-password" name="password" type="password" autocomplete="current-password" required maxlength="256">
<button type="submit">${escapeHtml(t.memberUnlock)}</button>
</form>
</main>
</body>
</html>
`;
}

/**
 * The lock screen (SPEC §2 page type 103): nothing of the page behind it, never cached. In the
 * page's language under its prefix (issue 29): `returnPath` is where the unlock goes back to,
 * prefix included; the form posts under the prefix. `error` is a store text key's text already.
 */
export async function lockScreen(c: Context<AppEnv>, scope: string, returnPath: string, error?: string, status: 200 | 401 | 429 = 200): Promise<Response> {
  c.header('Cache-Control', PERSONAL);
  c.header('X-Robots-Tag', 'noindex, nofollow');
  if (c.var.language) c.header('Content-Language', c.var.language.code);
  if (wantsJson(c)) return c.json({ pageType: PAGE_TYPE.lockScreen, pageTypeName: 'lock-screen', lockScreen: { scope: scope === SITE_SCOPE ? 'site' : 'page', ...(error ? { error } : {}) } }, status);
  return c.html(lockScreenHtml(c, await accountTexts(c), scope, returnPath, error), status);
}

/** Paths a site password never hides: the unlock form's post and robots.txt. */
const OPEN_PATHS = /^\/(?:members\/unlock|robots\.txt|favicon\.ico)\/?$/;

/**
 * The site password, in front of every page route (sitemap, feeds and search included):
 * a visitor without the site's unlock cookie gets the lock screen.
 */
export const siteLock = createMiddleware<AppEnv>(async (c, next) => {
  if (OPEN_PATHS.test(c.req.path)) return next();
  const [lock] = await locksFor(c.var.db, c.var.site.id, [SITE_SCOPE]);
  if (!(await closedLock(c, lock))) return next();
  // A form posted to a locked site (donate, join, buy, a plain form) is refused: the lock screen, 401.
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return lockScreen(c, SITE_SCOPE, accountPath(c, '/'), undefined, 401);
  return lockScreen(c, SITE_SCOPE, accountPath(c, c.req.path));
});

/** The area's price in the page's money format (an added language's, else the default). */
function money(c: Context<AppEnv>, p: PageProtection): string {
  return c.var.language ? displayMoney(p.priceCents, p.currency, c.var.language.code) : displayMoney(p.priceCents, p.currency);
}

/**
 * What the area asks of a visitor without access: the options, as HTML (escaped), in the page's
 * words. Its links and forms name unprefixed paths (respond() puts an added language's prefix
 * in); `returnPath` is where a join goes back to, the prefix included.
 */
function accessOptionsHtml(c: Context<AppEnv>, p: PageProtection, returnPath: string, t: StoreTexts): string {
  const signedIn = Boolean(c.var.siteUser);
  const name = escapeHtml(p.areaName);
  const price = escapeHtml(money(c, p));
  const offer = textHtml(p.access === 'free' ? t.memberJoinFree : p.access === 'one-time' ? t.memberPaidOnce : t.memberPaidMonthly, { area: name, price });
  let action: string;
  if (!signedIn && p.access === 'free') {
    const signUp = `<a class="member-sign-up" href="/account/sign-up">${escapeHtml(t.accountCreate)}</a>`;
    action = `<p>${textHtml(t.memberSignUpToJoin, { signUp, signIn: `<a class="member-sign-in" href="/account">${escapeHtml(t.memberSignInLower)}</a>` })}</p>`;
  } else if (p.access === 'free') {
    action = `<form method="post" action="/members/join">
<input type="hidden" name="crumb" value="${escapeAttr(crumbFor(c))}">
<input type="hidden" name="area" value="${escapeAttr(p.areaId)}">
<input type="hidden" name="return" value="${escapeAttr(returnPath)}">
<button type="submit" class="member-join">${textHtml(t.memberJoin, { area: name })}</button>
</form>`;
  } else {
    // Paid: signed out too (a guest's access goes to the account with the checkout email, guest.ts).
    const label = fillText(p.access === 'recurring' ? t.memberSubscribe : t.memberBuy, { price: money(c, p) });
    action = `<form method="post" action="/members/buy">
<input type="hidden" name="crumb" value="${escapeAttr(crumbFor(c))}">
<input type="hidden" name="area" value="${escapeAttr(p.areaId)}">
<input type="hidden" name="return" value="${escapeAttr(returnPath)}">
<button type="submit" class="member-buy">${escapeHtml(label)}</button>
</form>${signedIn ? '' : `<p>${textHtml(t.memberAlready, { signIn: `<a class="member-sign-in" href="/account">${escapeHtml(t.accountSignIn)}</a>` })}</p>`}`;
  }
  return `<div class="member-access" data-member-area="${escapeAttr(p.areaId)}" data-access="${escapeAttr(p.access)}"><p>${offer}</p>${action}</div>`;
}

function areaJson(p: PageProtection): Record<string, unknown> {
  return { id: p.areaId, name: p.areaName, access: p.access, price: { currency: p.currency, minor: p.priceCents } };
}

/**
 * The page for a visitor without access: the teaser sections and the options (105) when
 * the page has a teaser, else the paywall (107) when signed out and access denied (106)
 * when signed in. The protected sections never reach the renderer.
 */
async function withoutAccess(c: Context<AppEnv>, req: PageRequest, page: ServedPage, p: PageProtection): Promise<Response> {
  const t = await accountTexts(c);
  const options = accessOptionsHtml(c, p, accountPath(c, `/${page.slug}`), t);
  if (p.teaserSections !== null && p.teaserSections > 0) {
    const teaser: ServedPage = { ...page, layout: { sections: page.layout.sections.slice(0, p.teaserSections) } };
    const result = await blockPage(req, teaser);
    const collection = result.context.collection as Record<string, unknown>;
    collection.mainContent = `${String(collection.mainContent ?? '')}<section class="member-divider"><h2>${escapeHtml(t.memberPaywallTitle)}</h2>${options}</section>`;
    result.context.pageType = PAGE_TYPE.protectedContent;
    result.context.pageTypeName = 'protected-content';
    result.context.memberArea = areaJson(p);
    return respond(c, req, result);
  }
  return paywall(c, req, { id: page.id, title: page.title, urlId: page.slug, fullUrl: `/${page.slug}` }, p, options, t);
}

/** What a paywall names of the thing behind it: a page, or a protected collection (never one of its items). */
interface Shown {
  id: string;
  title: string;
  urlId: string;
  fullUrl: string;
}

/** The paywall (107) when signed out, access denied (106, status 403) when signed in: nothing of the content behind it. */
async function paywall(c: Context<AppEnv>, req: PageRequest, shown: Shown, p: PageProtection, options: string, t: StoreTexts): Promise<Response> {
  const denied = Boolean(c.var.siteUser);
  const base = await baseContext(req, denied ? PAGE_TYPE.accessDenied : PAGE_TYPE.paywall, denied ? 'access-denied' : 'paywall', shown.id);
  const heading = denied ? t.memberDeniedTitle : t.memberPaywallTitle;
  const intro = denied ? `<p>${escapeHtml(t.memberDeniedMessage)}</p>` : '';
  const result: PageResult = {
    status: denied ? 403 : 200,
    templates: ['page.html'],
    context: {
      ...base,
      collection: {
        id: shown.id, title: shown.title, urlId: shown.urlId, fullUrl: shown.fullUrl, typeName: 'page', navigationTitle: shown.title,
        mainContent: `<section class="member-paywall"><h1>${escapeHtml(heading)}</h1>${intro}${options}</section>`,
        mainContentHasHeading: true,
      },
      memberArea: areaJson(p),
    },
  };
  return respond(c, req, result);
}

/**
 * The answer for a published block page with a password or in a member area, or undefined
 * when it is an ordinary public page. A member gets the page itself, never cached.
 */
export async function gatedPage(c: Context<AppEnv>, req: PageRequest, page: ServedPage): Promise<Response | undefined> {
  const [[lock], protection] = await Promise.all([locksFor(req.db, req.site.id, [page.id]), pageProtection(req.db, req.site.id, page.id)]);
  if (lock) {
    c.header('Cache-Control', PERSONAL);
    if (await closedLock(c, lock)) return lockScreen(c, page.id, accountPath(c, `/${page.slug}`));
  }
  if (!protection) return undefined;
  c.header('Cache-Control', PERSONAL);
  c.header('X-Robots-Tag', 'noindex');
  const user = c.var.siteUser;
  if (user && (await hasAccess(req.db, protection.areaId, user.id, req.now))) {
    const result = await blockPage(req, page);
    result.context.memberArea = { ...areaJson(protection), member: true };
    return respond(c, req, result);
  }
  return withoutAccess(c, req, page, protection);
}

/** How a protected collection answers a visitor: its page, its feed, or one of its items. */
export type CollectionView = { kind: 'page' | 'feed' } | { kind: 'item'; path: string };

/**
 * The answer for a collection in a member area (its list, tag and category pages, its feed,
 * its items) to a visitor without access: the paywall (107) or access denied (106), the feed
 * 404; undefined for a member, whose answer is never cached either, or for a collection no
 * area protects. Collections have no teaser: nothing of an item reaches a visitor without access.
 */
export async function gatedCollection(c: Context<AppEnv>, req: PageRequest, collection: CollectionRecord, view: CollectionView): Promise<Response | undefined> {
  const protection = await collectionProtection(req.db, req.site.id, collection.id);
  if (!protection) return undefined;
  c.header('Cache-Control', PERSONAL);
  c.header('X-Robots-Tag', 'noindex');
  const user = c.var.siteUser;
  if (user && (await hasAccess(req.db, protection.areaId, user.id, req.now))) return undefined;
  if (view.kind === 'feed') return respond(c, req, await notFoundPage(req));
  const returnPath = view.kind === 'item' ? view.path : collection.fullUrl;
  const shown = { id: collection.id, title: collection.title, urlId: collection.urlId, fullUrl: collection.fullUrl };
  const t = await accountTexts(c);
  return paywall(c, req, shown, protection, accessOptionsHtml(c, protection, accountPath(c, returnPath), t), t);
}

/**
 * True when the visitor may read what is at this path (a page, collection or item a form was posted
 * from, shown again): false behind a closed page password or a member area the visitor is not in.
 */
export async function mayRead(c: Context<AppEnv>, req: PageRequest, target: { pageId?: string; collectionId?: string }): Promise<boolean> {
  const [lock] = target.pageId ? await locksFor(req.db, req.site.id, [target.pageId]) : [];
  if (await closedLock(c, lock)) return false;
  const protection = target.pageId
    ? await pageProtection(req.db, req.site.id, target.pageId)
    : target.collectionId
      ? await collectionProtection(req.db, req.site.id, target.collectionId)
      : undefined;
  if (!protection) return true;
  const user = c.var.siteUser;
  return Boolean(user && (await hasAccess(req.db, protection.areaId, user.id, req.now)));
}
