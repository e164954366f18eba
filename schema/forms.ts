import { sqliteTable, text, integer, index, primaryKey } from 'drizzle-orm/sqlite-core';
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
    // The notification's copies and subject (form builder storage tab; '' or null for none).
    notifyCc: text('notify_cc'),
    notifyBcc: text('notify_bcc'),
    notifySubject: text('notify_subject'),
    mailingListId: text('mailing_list_id').references(() => mailingLists.id, { onDelete: 'set null' }),
    // Markup shown and run after a successful submission (SPEC §4 post-submit markup).
    postSubmitHtml: text('post_submit_html'),
    createdOn: integer('created_on').notNull(),
    // Rises by one on every builder save (If-Match); form_versions keeps each version's fields.
    version: integer('version').notNull().default(1),
    updatedOn: integer('updated_on'),
  },
  (t) => [index('forms_website_kind_idx').on(t.websiteId, t.kind)],
);

/**
 * The fields of each saved version of a form: a visitor who loaded version N of a page's
 * form keeps submitting against N's fields after the owner saves N+1 (the island sends
 * `formVersion`).
 */
export const formVersions = sqliteTable(
  'form_versions',
  {
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fields: text('fields', { mode: 'json' }).$type<FormField[]>().notNull(),
    savedOn: integer('saved_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.version] })],
);
