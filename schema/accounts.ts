import { sqliteTable, text, integer, index, uniqueIndex, primaryKey } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * Accounts of one website: shoppers and the site's contributors alike (a contributor is a
 * site user with roles in `contributors`). Emails are stored lower-cased and trimmed, so the
 * unique index makes one account per address per site.
 * `passwordHash` is `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` (edge/services/accounts/passwords.ts).
 */
export const siteUsers = sqliteTable(
  'site_users',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedOn: integer('email_verified_on'),
    // BCP-47 tag the visitor chose (POST /api/site-users/account/locale); null = the site's.
    language: text('language'),
    createdOn: integer('created_on').notNull(),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [uniqueIndex('site_users_website_email_uq').on(t.websiteId, t.email)],
);

/**
 * Server-side sessions. Only the SHA-256 of the cookie's token is stored, so a database
 * leak yields no usable session; revoking a session is deleting its row.
 */
export const siteSessions = sqliteTable(
  'site_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    siteUserId: text('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    rememberMe: integer('remember_me', { mode: 'boolean' }).notNull(),
    createdOn: integer('created_on').notNull(),
    expiresOn: integer('expires_on').notNull(),
  },
  (t) => [index('site_sessions_user_idx').on(t.siteUserId), index('site_sessions_expires_idx').on(t.expiresOn)],
);

/** SPEC §3 Contributor roles: one row per contributor of a website, `roles` the role ids. */
export const contributors = sqliteTable(
  'contributors',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    siteUserId: text('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    roles: text('roles', { mode: 'json' }).$type<number[]>().notNull(),
    invitedBy: text('invited_by'),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.siteUserId] })],
);

/**
 * Single-use emailed links: email verification ('verify'), password reset ('reset') and
 * contributor invitations ('invite', which carry `email` and `roles` until accepted).
 * Only the SHA-256 of the link's token is stored.
 */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset', 'invite'] }).notNull(),
    siteUserId: text('site_user_id').references(() => siteUsers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    roles: text('roles', { mode: 'json' }).$type<number[]>(),
    createdBy: text('created_by'),
    createdOn: integer('created_on').notNull(),
    expiresOn: integer('expires_on').notNull(),
    usedOn: integer('used_on'),
  },
  (t) => [index('account_tokens_website_purpose_idx').on(t.websiteId, t.purpose, t.email)],
);

/**
 * Mail waiting to be (or already) handed to a sender. Writing a row never waits on a mail
 * provider; the local sender leaves rows here, where the owner's outbox screen shows them.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    // One message's other recipients (comma separated; a form notification's cc and bcc); null: none.
    ccAddress: text('cc_address'),
    bccAddress: text('bcc_address'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    // 'queued' | 'sending' | 'sent' | 'failed'
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    createdOn: integer('created_on').notNull(),
    sentOn: integer('sent_on'),
    // Not sent before this time (a review request some days after the purchase); null: at once.
    sendAfter: integer('send_after'),
    // A list mail's one-click unsubscribe URL (RFC 8058): sent as List-Unsubscribe and List-Unsubscribe-Post headers.
    listUnsubscribe: text('list_unsubscribe'),
    // When a campaign drain claimed it (status 'sending'); a claim past its lease is taken again (edge/services/mail/sender.ts).
    claimedOn: integer('claimed_on'),
    // The order a mail is about (confirmation, fulfilment, refund, cancel, its gift cards, review
    // request, guest access, renewal): the owner's order detail lists its mails by it. Null for
    // other mails and for order mails queued before migration 0057 (no foreign key: an order's
    // mails outlive nothing but the site).
    orderId: text('order_id'),
  },
  (t) => [
    index('mail_outbox_website_created_idx').on(t.websiteId, t.createdOn),
    index('mail_outbox_status_idx').on(t.status),
    index('mail_outbox_website_order_idx').on(t.websiteId, t.orderId),
  ],
);

/**
 * The shopping cart of a signed-in account on a site (SPEC §6: a signed-in visitor always
 * has their cart). Set on sign-in, when the visitor's anonymous cart merges with it.
 */
export const accountCarts = sqliteTable(
  'account_carts',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    siteUserId: text('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    cartId: text('cart_id').notNull(),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.siteUserId] })],
);

/**
 * Browsers that signed in to an account before (the `SignInDevice` cookie, only its SHA-256
 * stored). While an account's sign-in ceiling is spent by guessing from many addresses, the
 * right password still signs in from one of these (edge/services/accounts/sign-in-guard.ts).
 */
export const signInDevices = sqliteTable(
  'sign_in_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    siteUserId: text('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [index('sign_in_devices_user_idx').on(t.siteUserId)],
);
