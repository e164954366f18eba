import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';
import { mailingLists } from './mailing-lists.js';
import type { FormField } from '../domain/forms/form-field.js';

export type { FormField };

/**
 * Forms: product additional-fields forms, contact forms and newsletter forms.
 * `kind` is 'additional-fields' | 'contact' | 'newsletter'.
 */
export const forms = sqliteTable(
  'forms',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    fields: text('fields', { mode: 'json' }).$type<FormField[]>().notNull(),
    submitButtonText: text('submit_button_text'),
    submissionHtml: text('submission_html'),
    successRedirect: text('success_redirect'),
    captchaEnabled: integer('captcha_enabled', { mode: 'boolean' }).notNull().default(false),
    disclaimerHtml: text('disclaimer_html'),
    // SPEC §3 form model "storage" tab: D1 always; optionally mail the owner and/or a list.
    notifyEmail: text('notify_email'),
    mailingListId: text('mailing_list_id').references(() => mailingLists.id, { onDelete: 'set null' }),
    // Markup shown and run after a successful submission (SPEC §4 post-submit markup).
    postSubmitHtml: text('post_submit_html'),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [index('forms_website_kind_idx').on(t.websiteId, t.kind)],
);
