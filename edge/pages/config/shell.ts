import type { Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { shardDbs } from '../../services/shards/bindings.js';
import { allows, type Permission } from '../../middleware/roles/index.js';
import { actionButton, html, type Markup } from '../account/html.js';
import { PAST_DUE_BANNER, upgradeDestination } from '../../../domain/platform/plans.js';
import { isSiteExpired, SUBSCRIPTION_STATE, trialDaysRemaining } from '../../../domain/platform/trial.js';
import { platformOrigin } from '../../middleware/platform/index.js';
import { otherOwnerSites } from '../../services/platform/sites.js';

/** A screen of the owner area and the permission that shows it in the navigation. */
export interface OwnerScreen {
  path: string;
  label: string;
  permission: Permission;
  /** The navigation group it sits in (client/editor/navigation.ts orders the groups). */
  area: OwnerArea;
}

/** The owner app's navigation groups, in order; a group without a permitted screen is hidden. */
export const OWNER_AREAS = ['Pages', 'Products', 'Orders', 'Customers', 'Marketing', 'Analytics', 'Files', 'Settings'] as const;
export type OwnerArea = (typeof OWNER_AREAS)[number];

/**
 * The owner screens that exist, in navigation order. Later screens (orders, form
 * submissions, subscribers, restock, traffic) add a row as they land; the navigation shows
 * a screen only to roles its permission allows (the server checks again on every call).
 */
export const OWNER_SCREENS: readonly OwnerScreen[] = [
  { path: '/config/pages', label: 'Pages', permission: 'pages', area: 'Pages' },
  { path: '/config/design', label: 'Design', permission: 'pages', area: 'Pages' },
  { path: '/config/header-footer', label: 'Header and footer', permission: 'pages', area: 'Pages' },
  { path: '/config/theme-code', label: 'Theme code', permission: 'themes', area: 'Pages' },
  { path: '/config/products', label: 'Products', permission: 'catalog', area: 'Products' },
  { path: '/config/blog', label: 'Blog', permission: 'blog', area: 'Pages' },
  { path: '/config/tags', label: 'Tags and categories', permission: 'catalog', area: 'Products' },
  { path: '/config/reviews', label: 'Reviews', permission: 'reviews', area: 'Products' },
  { path: '/config/gift-cards', label: 'Gift cards', permission: 'giftCards', area: 'Products' },
  { path: '/config/restock', label: 'Restock', permission: 'restock', area: 'Products' },
  { path: '/config/orders', label: 'Orders', permission: 'orders', area: 'Orders' },
  { path: '/config/subscriptions', label: 'Subscriptions', permission: 'subscriptions', area: 'Orders' },
  { path: '/config/shipping', label: 'Shipping', permission: 'checkoutSettings', area: 'Orders' },
  { path: '/config/taxes', label: 'Taxes', permission: 'checkoutSettings', area: 'Orders' },
  { path: '/config/coupons', label: 'Coupons', permission: 'checkoutSettings', area: 'Marketing' },
  { path: '/config/customers', label: 'Customers', permission: 'customers', area: 'Customers' },
  { path: '/config/members', label: 'Members', permission: 'members', area: 'Customers' },
  { path: '/config/forms', label: 'Forms', permission: 'forms', area: 'Marketing' },
  { path: '/config/form-submissions', label: 'Form submissions', permission: 'formSubmissions', area: 'Marketing' },
  { path: '/config/mailing-lists', label: 'Mailing lists', permission: 'newsletters', area: 'Marketing' },
  { path: '/config/campaigns', label: 'Campaigns', permission: 'campaigns', area: 'Marketing' },
  { path: '/config/popup', label: 'Popup', permission: 'popups', area: 'Marketing' },
  { path: '/config/traffic', label: 'Traffic', permission: 'traffic', area: 'Analytics' },
  { path: '/config/files', label: 'Files', permission: 'files', area: 'Files' },
  { path: '/config/commerce-settings', label: 'Commerce settings', permission: 'commerceSettings', area: 'Settings' },
  { path: '/config/contributors', label: 'Contributors', permission: 'contributors', area: 'Settings' },
  { path: '/config/outbox', label: 'Outbox', permission: 'outbox', area: 'Settings' },
  { path: '/config/automations', label: 'Automations', permission: 'webhooks', area: 'Settings' },
  { path: '/config/api-tokens', label: 'API tokens', permission: 'apiTokens', area: 'Settings' },
  { path: '/config/domains', label: 'Domains', permission: 'domains', area: 'Settings' },
  { path: '/config/languages', label: 'Languages', permission: 'languages', area: 'Settings' },
  { path: '/config/billing', label: 'Billing', permission: 'billing', area: 'Settings' },
  { path: '/config/site-export', label: 'Export and delete', permission: 'site', area: 'Settings' },
];

/** What the owner shell's trial or expiry banner needs (client/editor/screens/billing/trial-banner.tsx counts the days in the browser). */
export interface SubscriptionBannerProps {
  state: number;
  trialEndsOn: number | null;
  expired: boolean;
  upgradeUrl: string;
  /** The site is deleted (restorable until purged; client/editor/screens/site-export). */
  deleted?: boolean;
}

/** The banner's link: restore (deleted), renew (expired), the billing screen (past due), upgrade (trial). */
export function subscriptionBannerLink(sub: SubscriptionBannerProps): { href: string; label: string } {
  if (sub.deleted) return { href: '/config/site-export', label: 'Restore' };
  if (sub.expired) return { href: sub.upgradeUrl, label: 'Renew' };
  if (sub.state === SUBSCRIPTION_STATE.pastDue) return { href: '/config/billing', label: 'Update your payment' };
  return { href: sub.upgradeUrl, label: 'Upgrade' };
}

/** The banner's text: SPEC §4 trial days while on trial, how to renew when expired, nothing for a paid site. */
export function subscriptionBannerText(sub: SubscriptionBannerProps, timeZone: string, now: number): string | undefined {
  if (sub.deleted) return 'This site is deleted: visitors see a "not available" page. Restore it before it is removed for good.';
  if (sub.expired) return 'This site has expired: visitors see a "not available" page. Renew your plan to bring it back as it was.';
  if (sub.state === SUBSCRIPTION_STATE.pastDue) return PAST_DUE_BANNER;
  if (sub.state !== SUBSCRIPTION_STATE.trial || sub.trialEndsOn === null) return undefined;
  const days = trialDaysRemaining(sub.trialEndsOn, now, timeZone);
  return `${days} ${days === 1 ? 'day' : 'days'} left in your trial`;
}

const STORE_SETUP: OwnerScreen = { path: '/config/store-setup', label: 'Store setup', permission: 'catalog', area: 'Products' };

/**
 * The owner area's frame: who is signed in, the navigation, sign-out, and the screen. The
 * frame sits in #owner-app with its props, so the React shell (client/editor) takes it over
 * when its script loads; without script the server-rendered frame works the same.
 */
export function ownerShell(c: Context<AppEnv>, current: string, content: Markup, options: { storeSetup?: boolean } = {}): Markup {
  return withOtherSites(c).then((otherSites) => shellMarkup(c, current, content, options, otherSites));
}

/** The site switcher's entries (issue 34): the signed-in owner's other sites, each opened through the platform host. */
async function withOtherSites(c: Context<AppEnv>): Promise<{ title: string; host: string; href: string }[]> {
  // The platform tables live in the directory (shard 0), wherever this site's rows are.
  const sites = await otherOwnerSites(shardDbs(c.env), c.var.siteUser!.email, c.var.site.id);
  const origin = platformOrigin(c);
  return sites.map((s) => ({ title: s.title, host: s.host, href: `${origin}/sites/${s.id}/open` }));
}

function shellMarkup(
  c: Context<AppEnv>,
  current: string,
  content: Markup,
  options: { storeSetup?: boolean },
  otherSites: { title: string; host: string; href: string }[],
): Markup {
  const user = c.var.siteUser!;
  const screens = OWNER_SCREENS.filter((s) => allows(s.permission, user.roles));
  // The store wizard is a route only, listed (before Products) while the site has no store.
  if (options.storeSetup) screens.splice(screens.findIndex((s) => s.path === '/config/products'), 0, STORE_SETUP);
  const props = {
    email: user.email,
    current,
    xsrfToken: c.var.xsrfToken,
    siteTitle: c.var.site.title,
    timeZone: c.var.site.timeZone,
    screens: screens.map(({ path, label, area }) => ({ path, label, area })),
    publishPages: allows('pagePublishing', user.roles),
    // The site's id (the SPEC §7 content-service paths name it) and whether the roles may change navigation.
    websiteId: c.var.site.id,
    siteLayout: allows('siteLayout', user.roles),
    locale: c.var.site.locale,
    subscription: {
      state: c.var.site.subscriptionState,
      trialEndsOn: c.var.site.trialEndsOn,
      expired: isSiteExpired(c.var.site),
      upgradeUrl: upgradeDestination(c.var.site.subscriptionState),
      deleted: c.var.site.deletedOn !== null,
    } satisfies SubscriptionBannerProps,
    otherSites,
  };
  const banner = subscriptionBannerText(props.subscription, c.var.site.timeZone, Date.now());
  return html`<div id="owner-app" data-props="${JSON.stringify(props)}"><div data-owner-shell><header class="owner-header">
<p>Signed in as <strong data-owner-email>${user.email}</strong></p>
${actionButton(c, '/config/sign-out', 'Sign out')}
${otherSites.length ? html`<nav aria-label="Your other sites" class="owner-site-switcher"><ul>${otherSites.map((s) => html`<li><a href="${s.href}">${s.title}</a></li>`)}</ul></nav>` : ''}
</header>
<nav aria-label="Owner area" class="owner-nav"><ul>
<li><a href="/config/"${current === '/config/' ? html` aria-current="page"` : ''}>Overview</a></li>
${screens.map((s) => html`<li><a href="${s.path}"${current === s.path ? html` aria-current="page"` : ''}>${s.label}</a></li>`)}
</ul></nav>
${banner ? html`<p class="owner-banner" data-subscription-banner>${banner} <a href="${subscriptionBannerLink(props.subscription).href}">${subscriptionBannerLink(props.subscription).label}</a></p>` : ''}</div></div>
<section class="owner-screen">${content}</section>`;
}
