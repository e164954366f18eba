import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';
import { mailingLists, mailingListSubscribers } from './mailing-lists.js';

/** draft (editable) → scheduled (waits for `scheduledFor`) → sending (the Cron Trigger works on it) → sent. */
export type CampaignState = 'draft' | 'scheduled' | 'sending' | 'sent';

/**
 * An email campaign to one mailing list (docs/api/campaigns.md). `version` rises on every
 * change (If-Match). The rich-text doc is what the editor edits; `bodyHtml` is its server
 * render (blocks/text/rich-text.ts), which every recipient's mail is made from.
 */
export const campaigns = sqliteTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    listId: text('list_id').references(() => mailingLists.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    bodyDoc: text('body_doc').notNull(),
    bodyHtml: text('body_html').notNull(),
    state: text('state').$type<CampaignState>().notNull(),
    scheduledFor: integer('scheduled_for'),
    // The site's origin when the send was asked for: the mails' links start with it.
    origin: text('origin'),
    version: integer('version').notNull(),
    createdOn: integer('created_on').notNull(),
    updatedOn: integer('updated_on').notNull(),
    // Set when every confirmed subscriber has a campaign_recipients row.
    expandedOn: integer('expanded_on'),
    sentOn: integer('sent_on'),
    recipientCount: integer('recipient_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    clickCount: integer('click_count').notNull().default(0),
    // Recipients whose mail loaded its open pixel at least once (images on; an estimate).
    openCount: integer('open_count').notNull().default(0),
  },
  (t) => [index('campaigns_website_idx').on(t.websiteId, t.createdOn), index('campaigns_state_idx').on(t.state)],
);

/** 'pending' until its mail is in the outbox ('queued'); 'skipped' when the address left the list first. */
export type RecipientState = 'pending' | 'queued' | 'skipped';

/**
 * One subscriber of a campaign's audience. The unique (campaign, subscriber) row is the guard
 * that nobody gets two mails of one campaign: a mail is queued in the same batch that moves its
 * row from pending to queued, and only while it is pending.
 */
export const campaignRecipients = sqliteTable(
  'campaign_recipients',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => mailingListSubscribers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    state: text('state').$type<RecipientState>().notNull(),
    mailId: text('mail_id'),
    queuedOn: integer('queued_on'),
    clicks: integer('clicks').notNull().default(0),
    openedOn: integer('opened_on'),
  },
  (t) => [uniqueIndex('campaign_recipients_uq').on(t.campaignId, t.subscriberId), index('campaign_recipients_state_idx').on(t.campaignId, t.state)],
);
