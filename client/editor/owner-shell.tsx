import { useEffect, useRef, useState, type ReactNode } from 'react';
import { setCrumb, TEXT } from './api.js';
import { OwnerContext } from './context.js';
import { currentScreen, groupScreens, type NavScreen } from './navigation.js';
import { Link, matchRoute, setClientPaths, useLocation } from './router.js';
import { OrderDetailScreen } from './screens/order-detail/order-detail-screen.js';
import { PackingSlipScreen } from './screens/order-detail/packing-slip.js';
import { OrdersScreen } from './screens/orders.js';
import { FormSubmissionsScreen } from './screens/form-submissions.js';
import { FormEditorRoute, FormsRoute } from './screens/form-builder/route.js';
import { MailingListsScreen } from './screens/mailing-lists/mailing-lists.js';
import { CampaignEditorRoute, CampaignsScreen } from './screens/campaigns/campaigns.js';
import { PopupScreen } from './screens/popup/popup-screen.js';
import { OutboxScreen } from './screens/outbox/outbox-screen.js';
import { LanguagesScreen } from './screens/languages/languages-screen.js';
import { TranslationsScreen } from './screens/translations/translations-screen.js';
import { OverviewScreen } from './screens/overview.js';
import { PageEditorRoute } from './screens/page-editor/route.js';
import { ProductEditorRoute } from './screens/product-editor/route.js';
import { HeaderFooterRoute } from './screens/header-footer/route.js';
import { ReviewsScreen } from './screens/reviews.js';
import { FilesScreen } from './screens/files/files-screen.js';
import { ContributorsScreen } from './screens/contributors.js';
import { CustomersScreen } from './screens/customers/customers-screen.js';
import { GiftCardsScreen } from './screens/gift-cards/gift-cards-screen.js';
import { ShippingScreen } from './screens/shipping/shipping-screen.js';
import { TaxesScreen } from './screens/taxes/taxes-screen.js';
import { CouponsScreen } from './screens/coupons/coupons-screen.js';
import { RestockScreen } from './screens/restock.js';
import { SubscriptionsScreen } from './screens/subscriptions/subscriptions-screen.js';
import { CommerceSettingsScreen } from './screens/commerce-settings/commerce-settings-screen.js';
import { TrafficScreen } from './screens/traffic.js';
import { PagesScreen } from './screens/pages/pages-screen.js';
import { DesignRoute } from './screens/design/route.js';
import { ProductImportScreen } from './screens/product-import/product-import.js';
import { ProductsScreen } from './screens/products/products-screen.js';
import { StoreSetupScreen } from './screens/store-setup/store-setup-screen.js';
import { TagsScreen } from './screens/tags/tags-screen.js';
import { AutomationsScreen } from './screens/automations/automations-screen.js';
import { ApiTokensScreen } from './screens/api-tokens/api-tokens-screen.js';
import { DomainsScreen } from './screens/domains/domains-screen.js';
import { SiteExportScreen } from './screens/site-export/site-export-screen.js';
import { ThemeCodeRoute } from './screens/theme-code/route.js';
import { MembersScreen } from './screens/members/members-screen.js';
import { BlogPostEditor, BlogPostsScreen } from './screens/blog-posts/blog-posts.js';
import { BillingScreen } from './screens/billing/billing-screen.js';
import { SubscriptionBanner } from './screens/billing/trial-banner.js';
import type { SubscriptionBannerProps } from '../../edge/pages/config/shell.js';
import { Button } from './ui/button.js';
import { ToastProvider } from './ui/toast.js';
import { dropAllLocalCopies } from './screens/page-editor/local-copy.js';

/** What the server tells the owner shell (JSON in #owner-app's data-props). */
export interface OwnerShellProps {
  email: string;
  /** The screens this user's roles allow, in navigation order, each with its area. */
  screens: NavScreen[];
  current: string;
  /** The session's CSRF token, sent as X-CSRF-Token on writes. */
  xsrfToken: string;
  siteTitle: string;
  /** The site's IANA time zone: the screens show times in it. */
  timeZone: string;
  websiteId?: string;
  siteLayout?: boolean;
  locale?: string;
  /** The site's subscription state for the trial or expiry banner. */
  subscription?: SubscriptionBannerProps;
  /** The site switcher (issue 34): the owner's other sites, each opened through the platform host. */
  otherSites?: { title: string; host: string; href: string }[];
}

/**
 * SPEC §7: sign-out is DELETE /api/site-users/account/session, retried once when the
 * answer reports a crumb failure. Resolves when signed out.
 */
export async function signOut(xsrfToken: string, send: typeof fetch = fetch): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await send('/api/site-users/account/session?cloneCart=false', {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { 'X-CSRF-Token': xsrfToken },
    });
    if (res.ok) return;
    const body = (await res.json().catch(() => ({}))) as { crumbFail?: boolean; message?: string };
    if (!body.crumbFail || attempt === 1) throw new Error(body.message ?? 'Something went wrong');
    // A stale token: ask the server for the current one, then try once more.
    const me = (await (await send('/api/site-users/account', { credentials: 'same-origin' })).json()) as { xsrfToken?: string };
    if (!me.xsrfToken) return;
    xsrfToken = me.xsrfToken;
  }
}

/**
 * The screens the app draws itself: a pattern, the navigation entry it needs (the server's
 * list says whether the roles allow it) and the view. Every other owner path is a
 * server-rendered screen, loaded as a page and shown inside the same frame.
 */
interface AppRoute {
  pattern: string;
  screen: string;
  title: string;
  render: (params: Record<string, string>, screens: readonly NavScreen[]) => ReactNode;
}

const ROUTES: readonly AppRoute[] = [
  { pattern: '/config', screen: '/config/', title: 'Owner area', render: (_p, screens) => <OverviewScreen screens={screens} /> },
  { pattern: '/config/pages', screen: '/config/pages', title: 'Pages', render: () => <PagesScreen /> },
  { pattern: '/config/products', screen: '/config/products', title: 'Products', render: () => <ProductsScreen /> },
  { pattern: '/config/store-setup', screen: '/config/products', title: 'Store setup', render: () => <StoreSetupScreen /> },
  { pattern: '/config/design', screen: '/config/design', title: 'Design', render: () => <DesignRoute /> },
  { pattern: '/config/orders', screen: '/config/orders', title: 'Orders', render: () => <OrdersScreen /> },
  { pattern: '/config/orders/:number/packing-slip', screen: '/config/orders', title: 'Packing slip', render: (p) => <PackingSlipScreen key={p.number} number={p.number!} /> },
  { pattern: '/config/orders/:number', screen: '/config/orders', title: 'Order', render: (p) => <OrderDetailScreen key={p.number} number={p.number!} /> },
  { pattern: '/config/reviews', screen: '/config/reviews', title: 'Reviews', render: () => <ReviewsScreen /> },
  { pattern: '/config/outbox', screen: '/config/outbox', title: 'Outbox', render: () => <OutboxScreen /> },
  { pattern: '/config/automations', screen: '/config/automations', title: 'Automations', render: () => <AutomationsScreen /> },
  { pattern: '/config/api-tokens', screen: '/config/api-tokens', title: 'API tokens', render: () => <ApiTokensScreen /> },
  { pattern: '/config/domains', screen: '/config/domains', title: 'Domains', render: () => <DomainsScreen /> },
  { pattern: '/config/site-export', screen: '/config/site-export', title: 'Export and delete', render: () => <SiteExportScreen /> },
  { pattern: '/config/theme-code', screen: '/config/theme-code', title: 'Theme code', render: () => <ThemeCodeRoute /> },
  { pattern: '/config/members', screen: '/config/members', title: 'Members', render: () => <MembersScreen /> },
  { pattern: '/config/languages', screen: '/config/languages', title: 'Languages', render: () => <LanguagesScreen /> },
  { pattern: '/config/languages/translations', screen: '/config/languages', title: 'Translations', render: () => <TranslationsScreen /> },
  { pattern: '/config/form-submissions', screen: '/config/form-submissions', title: 'Form submissions', render: () => <FormSubmissionsScreen /> },
  { pattern: '/config/forms', screen: '/config/forms', title: 'Forms', render: () => <FormsRoute /> },
  { pattern: '/config/forms/:id', screen: '/config/forms', title: 'Form builder', render: (p) => <FormEditorRoute key={p.id} id={p.id!} /> },
  { pattern: '/config/mailing-lists', screen: '/config/mailing-lists', title: 'Mailing lists', render: () => <MailingListsScreen /> },
  { pattern: '/config/campaigns', screen: '/config/campaigns', title: 'Campaigns', render: () => <CampaignsScreen /> },
  { pattern: '/config/campaigns/:id', screen: '/config/campaigns', title: 'Campaign', render: (p) => <CampaignEditorRoute key={p.id} id={p.id!} /> },
  { pattern: '/config/popup', screen: '/config/popup', title: 'Popup', render: () => <PopupScreen /> },
  { pattern: '/config/files', screen: '/config/files', title: 'Files', render: () => <FilesScreen /> },
  { pattern: '/config/restock', screen: '/config/restock', title: 'Restock', render: () => <RestockScreen /> },
  { pattern: '/config/gift-cards', screen: '/config/gift-cards', title: 'Gift cards', render: () => <GiftCardsScreen /> },
  { pattern: '/config/shipping', screen: '/config/shipping', title: 'Shipping', render: () => <ShippingScreen /> },
  { pattern: '/config/taxes', screen: '/config/taxes', title: 'Taxes', render: () => <TaxesScreen /> },
  { pattern: '/config/coupons', screen: '/config/coupons', title: 'Coupons', render: () => <CouponsScreen /> },
  { pattern: '/config/customers', screen: '/config/customers', title: 'Customers', render: () => <CustomersScreen /> },
  { pattern: '/config/subscriptions', screen: '/config/subscriptions', title: 'Subscriptions', render: () => <SubscriptionsScreen /> },
  { pattern: '/config/contributors', screen: '/config/contributors', title: 'Contributors', render: () => <ContributorsScreen /> },
  { pattern: '/config/commerce-settings', screen: '/config/commerce-settings', title: 'Commerce settings', render: () => <CommerceSettingsScreen /> },
  // Before /config/products/:id, which would take 'import' for a product id.
  { pattern: '/config/products/import', screen: '/config/products', title: 'Import products', render: () => <ProductImportScreen /> },
  { pattern: '/config/products/new', screen: '/config/products', title: 'New product', render: () => <ProductEditorRoute id={undefined} /> },
  { pattern: '/config/products/:id', screen: '/config/products', title: 'Product editor', render: (p) => <ProductEditorRoute key={p.id} id={p.id!} /> },
  { pattern: '/config/pages/:id/edit', screen: '/config/pages', title: 'Page editor', render: (p) => <PageEditorRoute key={p.id} id={p.id!} /> },
  { pattern: '/config/header-footer', screen: '/config/header-footer', title: 'Header and footer', render: () => <HeaderFooterRoute /> },
  { pattern: '/config/traffic', screen: '/config/traffic', title: 'Traffic', render: () => <TrafficScreen /> },
  { pattern: '/config/tags', screen: '/config/tags', title: 'Tags and categories', render: () => <TagsScreen /> },
  { pattern: '/config/blog', screen: '/config/blog', title: 'Blog', render: () => <BlogPostsScreen /> },
  { pattern: '/config/billing', screen: '/config/billing', title: 'Billing', render: () => <BillingScreen heading="Billing" /> },
  { pattern: '/config/billing/upgrade', screen: '/config/billing', title: 'Upgrade', render: () => <BillingScreen heading="Upgrade your trial" /> },
  { pattern: '/config/billing/website-subscriptions', screen: '/config/billing', title: 'Website subscriptions', render: () => <BillingScreen heading="Website subscriptions" /> },
  { pattern: '/config/blog/:id', screen: '/config/blog', title: 'Blog post', render: (p) => <BlogPostEditor key={p.id} id={p.id!} /> },
];

/** The app route for `pathname`, when the contributor may open it. */
export function findRoute(pathname: string, screens: readonly NavScreen[]): { route: AppRoute; params: Record<string, string> } | undefined {
  for (const route of ROUTES) {
    const params = matchRoute(route.pattern, pathname);
    if (params && (route.screen === '/config/' || screens.some((s) => s.path === route.screen))) return { route, params };
  }
  return undefined;
}

/**
 * The owner app: the site's name, the navigation grouped by area (only what the roles
 * allow), who is signed in, the live-site link and sign-out; on phones the navigation is a
 * menu. App screens render in the main area; a server-rendered screen's section is moved
 * into it and shown while its path is current.
 */
export function OwnerShell({ email, screens, xsrfToken, siteTitle, timeZone, websiteId, siteLayout, locale, subscription, otherSites = [] }: OwnerShellProps) {
  const [state, setState] = useState<'idle' | 'signing-out' | 'failed'>('idle');
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const serverHost = useRef<HTMLDivElement>(null);
  const mainRef = useRef<HTMLDivElement>(null);
  const firstPath = useRef(pathname);
  setCrumb(xsrfToken);
  setClientPaths((path) => findRoute(path, screens) !== undefined);

  const found = findRoute(pathname, screens);
  const current = currentScreen(screens, pathname);

  // The server's screen (a sibling of #owner-app) moves into the main area once; when the
  // app draws the first path itself, the server's copy of that screen is dropped.
  useEffect(() => {
    const section = document.querySelector('section.owner-screen');
    if (!section || !serverHost.current) return;
    if (found) section.remove();
    else serverHost.current.append(section);
  }, []);
  // Back to a server-rendered path whose screen is not on this page: load it.
  const serverPath = useRef(found ? undefined : pathname);
  useEffect(() => {
    if (!found && pathname !== serverPath.current) window.location.reload();
  }, [pathname]);
  // After an in-app navigation: the menu closes, the title follows, focus goes to the screen.
  useEffect(() => {
    setMenuOpen(false);
    if (pathname === firstPath.current) return;
    if (found) document.title = `${found.route.title} · ${siteTitle}`;
    mainRef.current?.focus();
  }, [pathname]);

  const onSignOut = () => {
    setState('signing-out');
    signOut(xsrfToken).then(
      () => {
        dropAllLocalCopies();
        window.location.assign('/config/');
      },
      () => setState('failed'),
    );
  };
  const link = (path: string, label: string) => (
    <li key={path}>
      <Link href={path} aria-current={current === path ? 'page' : undefined}>
        {label}
      </Link>
    </li>
  );
  return (
    <OwnerContext.Provider value={{ email, siteTitle, timeZone, websiteId, siteLayout, locale }}>
      <ToastProvider>
        <div className="owner-app" data-owner-shell data-hydrated="true">
          <a className="owner-skip" href="#owner-main">
            Skip to content
          </a>
          <div className="owner-topbar">
            <span className="owner-site-name">{siteTitle}</span>
            <Button variant="secondary" className="ui-button owner-menu-button" aria-expanded={menuOpen} aria-controls="owner-sidebar" onClick={() => setMenuOpen((o) => !o)}>
              Menu
            </Button>
          </div>
          <div className="owner-sidebar" id="owner-sidebar" data-open={menuOpen}>
            <p className="owner-site">
              <a href="/">{siteTitle}</a>
            </p>
            {otherSites.length > 0 && (
              <nav aria-label="Your other sites" className="owner-site-switcher">
                <h2 className="owner-switcher-title">Switch site</h2>
                <ul>
                  {otherSites.map((site) => (
                    <li key={site.href}>
                      <a href={site.href} title={site.host}>
                        {site.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
            <nav aria-label="Owner area" className="owner-nav">
              <ul>{link('/config/', 'Overview')}</ul>
              {groupScreens(screens).map((g) => (
                <div className="owner-nav-group" key={g.area}>
                  <h2 id={`owner-area-${g.area}`}>{g.area}</h2>
                  <ul aria-labelledby={`owner-area-${g.area}`}>{g.screens.map((s) => link(s.path, s.label))}</ul>
                </div>
              ))}
            </nav>
            <div className="owner-account">
              <span>
                Signed in as <strong data-owner-email>{email}</strong>
              </span>
              <a href="/" target="_blank" rel="noopener">
                View live site
              </a>
              <Button variant="secondary" onClick={onSignOut} busy={state === 'signing-out'}>
                {state === 'signing-out' ? 'Signing out…' : 'Sign out'}
              </Button>
              {state === 'failed' ? <p role="alert">{TEXT.failed}</p> : null}
            </div>
          </div>
          <div className="owner-main" id="owner-main" tabIndex={-1} ref={mainRef}>
            <SubscriptionBanner subscription={subscription} timeZone={timeZone} />
            {found ? found.route.render(found.params, screens) : null}
            <div ref={serverHost} hidden={found !== undefined} data-server-screen />
          </div>
        </div>
      </ToastProvider>
    </OwnerContext.Provider>
  );
}
