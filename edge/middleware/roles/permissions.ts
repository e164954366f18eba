import { ROLE, ROLE_IDS, type RoleId } from '../../../domain/roles/roles.js';

export { ROLE, ROLE_IDS, type RoleId };

/** Every role that may enter the owner area at all (SPEC §3: "none" holds no access). */
const CONTRIBUTOR_ROLES = ROLE_IDS.filter((role) => role !== ROLE.none);

/**
 * THE permission table: each owner capability and the roles allowed to use it. Every
 * owner route names one of these through `requirePermission`, and roles/walk.test.ts
 * proves every such route refuses every role not listed (403) and anonymous visitors (401).
 * SPEC §6: an admin is a contributor whose roles contain the admin role id; admins are
 * listed explicitly in each row rather than implied, so the table reads whole.
 * Add a row when you add an owner API; never check roles anywhere else.
 */
export const PERMISSIONS = {
  /** Enter /config/ and read one's own owner profile. */
  ownerArea: CONTRIBUTOR_ROLES,
  /** Stores, products, prices, stock and categories (edge/api/catalog). */
  catalog: [ROLE.admin, ROLE.storeManager],
  /** Orders and their customers. */
  orders: [ROLE.admin, ROLE.storeManager],
  /** The site's customers (shopper accounts and guest buyers) with their orders; read only. */
  customers: [ROLE.admin, ROLE.websiteManager, ROLE.storeManager],
  /** Gift cards issued by the store: balances, redemptions, disabling a card. */
  giftCards: [ROLE.admin, ROLE.storeManager],
  /** Shipping zones and rates, tax rules and coupons (edge/api/checkout-settings). */
  checkoutSettings: [ROLE.admin, ROLE.storeManager],
  /** Shoppers' subscriptions: list, cancel one. */
  subscriptions: [ROLE.admin, ROLE.storeManager],
  /** Commerce preferences: currency, store flags, checkout, instalments, sender name, payment providers on/off. */
  commerceSettings: [ROLE.admin, ROLE.storeManager],
  /** Store, replace, remove and test the site's payment-provider secret keys. */
  paymentKeys: [ROLE.admin],
  /** Restock (back-in-stock) sign-ups and sends. */
  restock: [ROLE.admin, ROLE.storeManager],
  /** Form submissions. */
  formSubmissions: [ROLE.admin, ROLE.websiteManager, ROLE.campaignsEditor],
  /** Build contact and newsletter forms (edge/api/forms/builder.ts); post-submit markup runs sandboxed. */
  forms: [ROLE.admin, ROLE.websiteManager, ROLE.editor],
  /** Newsletter subscribers and mailing lists. */
  newsletters: [ROLE.admin, ROLE.websiteManager, ROLE.campaignsEditor],
  /** Write, preview, test and send email campaigns to a mailing list (edge/api/campaigns). */
  campaigns: [ROLE.admin, ROLE.websiteManager, ROLE.campaignsEditor],
  /** Design and publish the site's promo popup (edge/api/popups): marketing, like lists and campaigns. */
  popups: [ROLE.admin, ROLE.websiteManager, ROLE.campaignsEditor],
  /** Read the site's published pages' titles and paths (GET /api/owner/page-links): the roles of `campaigns` or `popups`. */
  pageLinks: [ROLE.admin, ROLE.websiteManager, ROLE.campaignsEditor],
  /** Traffic, performance and error figures. */
  traffic: [ROLE.admin, ROLE.reporting, ROLE.websiteManager],
  /** Invite, list and remove contributors. */
  contributors: [ROLE.admin],
  /** Moderate product reviews (publish, reject). */
  reviews: [ROLE.admin, ROLE.storeManager, ROLE.moderator],
  /** Outgoing webhooks (automation-service connection): they send customers' data to another service. */
  webhooks: [ROLE.admin],
  /** Read the site's outgoing mail. */
  outbox: [ROLE.admin, ROLE.websiteManager],
  /** Member areas, their members (grant, revoke, export) and site and page passwords (edge/api/members). */
  members: [ROLE.admin, ROLE.websiteManager],
  /** Read pages, their drafts and revisions. */
  pages: [ROLE.admin, ROLE.websiteManager, ROLE.editor, ROLE.draftEditor, ROLE.viewer],
  /** Create pages, save drafts, restore revisions. */
  pageDrafts: [ROLE.admin, ROLE.websiteManager, ROLE.editor, ROLE.draftEditor],
  /** Publish and unpublish pages (what visitors see). */
  pagePublishing: [ROLE.admin, ROLE.websiteManager, ROLE.editor],
  /** Save the site's navigations and header/footer (they show on the live site at once). */
  siteLayout: [ROLE.admin, ROLE.websiteManager, ROLE.editor],
  /** List the site's products and forms to pick one for a page's product or form block. */
  blockSources: [ROLE.admin, ROLE.websiteManager, ROLE.editor, ROLE.draftEditor],
  /** Add or change blocks that run the owner's markup (html, embed), checked inside the save. */
  pageCode: [ROLE.admin, ROLE.websiteManager, ROLE.editor],
  /** Write and publish the site's blog posts (edge/api/blog). */
  blog: [ROLE.admin, ROLE.websiteManager, ROLE.editor],
  /** See the file manager's files (and pick one in the editors). */
  files: [ROLE.admin, ROLE.websiteManager, ROLE.editor, ROLE.draftEditor, ROLE.storeManager, ROLE.campaignsEditor, ROLE.viewer],
  /** Upload, rename, set alt text and focal points. */
  fileEdits: [ROLE.admin, ROLE.websiteManager, ROLE.editor, ROLE.draftEditor, ROLE.storeManager, ROLE.campaignsEditor],
  /** The site's languages and their translations (edge/api/multilingual; issue 29). */
  languages: [ROLE.admin, ROLE.websiteManager],
  /** Delete files nothing uses. */
  fileDeletes: [ROLE.admin, ROLE.websiteManager, ROLE.editor, ROLE.storeManager],
  /**
   * Read the site's theme versions, save new (draft) ones, compile without saving and preview
   * them (edge/api/themes); tools use API tokens instead.
   */
  themes: [ROLE.admin, ROLE.websiteManager, ROLE.themeDeveloper],
  /** Publish a theme version and roll back to an earlier one (what visitors see); not the theme developer. */
  themePublishing: [ROLE.admin, ROLE.websiteManager],
  /** The site's plan, trial and billing: buy, change or renew a plan (edge/api/billing). */
  billing: [ROLE.admin, ROLE.billing],
  /** Create and revoke API tokens for tools (the `atelier` CLI). */
  apiTokens: [ROLE.admin, ROLE.websiteManager],
  /** Attach, verify, make primary and remove the site's custom domains (edge/api/domains). */
  domains: [ROLE.admin],
  /** Export the whole site, delete it and restore it (edge/api/site-lifecycle): the site owner only. */
  site: [ROLE.admin],
} as const satisfies Record<string, readonly RoleId[]>;

export type Permission = keyof typeof PERMISSIONS;

/** True when any of `roles` is allowed `permission`. */
export function allows(permission: Permission, roles: readonly number[]): boolean {
  const allowed: readonly number[] = PERMISSIONS[permission];
  return roles.some((role) => allowed.includes(role));
}
