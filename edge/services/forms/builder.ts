/**
 * The form builder's store (docs/api/forms.md, owner forms): the SPEC §3 form model with its
 * five tabs read from and written to the forms row, versioned saves (If-Match, one atomic
 * conditional UPDATE) with each version's fields kept in form_versions, and deletes refused
 * while a published page or a collection shows the form.
 */
import { ApiError } from '../../errors.js';
import { randomToken } from '../../lib/random-token.js';
import { bumpContentVersion } from '../content-version.js';
import { query, type Db } from '../db.js';
import { d1Of, retryBusy } from './d1.js';
import type { FormRecord } from './definitions.js';
import { emailList, htmlToText, textToHtml, type FormModel } from '../../../domain/forms/form-model.js';
import type { FormField } from '../../../domain/forms/form-field.js';

export const BUILDER_MESSAGES = {
  notFound: 'That form does not exist.',
  versionConflict: 'Someone else saved this form since you opened it. Reload to see their changes, then edit again.',
  versionRequired: 'Send the version you edited in an If-Match header.',
  inUse: 'This form is on a published page. Remove it from the page (or unpublish the page) before deleting the form.',
  listMissing: 'That mailing list does not exist.',
} as const;

export interface FormUse {
  kind: 'page' | 'collection';
  id: string;
  title: string;
  /** The added languages whose own layout of the page holds the form (absent when none does). */
  languages?: string[];
}

export interface OwnerForm extends FormModel {
  id: string;
  version: number;
  createdOn: number;
  updatedOn: number | null;
}

export interface FormSummary {
  id: string;
  name: string;
  kind: string;
  fields: number;
  version: number;
  mailingListId: string | null;
  updatedOn: number | null;
}

type Row = Record<string, unknown>;

/** A forms row as the builder's model (snake_case columns from raw D1). */
function modelOf(row: Row): OwnerForm {
  const notify = (row.notify_email as string | null) ?? '';
  return {
    id: row.id as string,
    version: row.version as number,
    createdOn: row.created_on as number,
    updatedOn: (row.updated_on as number | null) ?? null,
    name: row.name as string,
    kind: row.kind === 'newsletter' ? 'newsletter' : 'contact',
    build: { fields: JSON.parse(row.fields as string) as OwnerForm['build']['fields'] },
    storage: {
      email: {
        enabled: notify !== '',
        to: notify,
        cc: (row.notify_cc as string | null) ?? '',
        bcc: (row.notify_bcc as string | null) ?? '',
        subject: (row.notify_subject as string | null) ?? '',
      },
      mailingList: { enabled: row.mailing_list_id !== null, listId: (row.mailing_list_id as string | null) ?? null },
    },
    advanced: {
      submitLabel: (row.submit_button_text as string | null) ?? '',
      successText: htmlToText((row.submission_html as string | null) ?? ''),
      successUrl: (row.success_redirect as string | null) ?? '',
      postSubmitHtml: (row.post_submit_html as string | null) ?? '',
    },
    captcha: { enabled: row.captcha_enabled === 1 },
    disclaimer: { text: htmlToText((row.disclaimer_html as string | null) ?? '') },
  };
}

/** The columns a model writes, in the order of COLUMNS. */
function columnsOf(m: FormModel): unknown[] {
  const mail = m.storage.email;
  const fields: FormField[] = m.build.fields.map((f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as FormField);
  return [
    m.name,
    m.kind,
    JSON.stringify(fields),
    m.advanced.submitLabel.trim() || null,
    textToHtml(m.advanced.successText) || null,
    m.advanced.successUrl.trim() || null,
    m.captcha.enabled ? 1 : 0,
    textToHtml(m.disclaimer.text) || null,
    mail.enabled ? emailList(mail.to).join(', ') : null,
    mail.enabled ? emailList(mail.cc).join(', ') || null : null,
    mail.enabled ? emailList(mail.bcc).join(', ') || null : null,
    mail.enabled ? mail.subject.trim() : null,
    m.storage.mailingList.enabled ? m.storage.mailingList.listId : null,
    m.advanced.postSubmitHtml.trim() || null,
  ];
}

const COLUMNS = [
  'name', 'kind', 'fields', 'submit_button_text', 'submission_html', 'success_redirect', 'captcha_enabled', 'disclaimer_html',
  'notify_email', 'notify_cc', 'notify_bcc', 'notify_subject', 'mailing_list_id', 'post_submit_html',
] as const;

/** The site's contact and newsletter forms (product additional-fields forms live in the product editor). */
export async function listOwnerForms(db: Db, websiteId: string): Promise<FormSummary[]> {
  const d1 = d1Of(db);
  const { results } = await query(() =>
    d1.prepare(`SELECT id, name, kind, json_array_length(fields) AS n, version, mailing_list_id, updated_on FROM forms
      WHERE website_id = ?1 AND kind IN ('contact', 'newsletter') ORDER BY created_on, id`).bind(websiteId).all<Row>(),
  );
  return results.map((r) => ({
    id: r.id as string, name: r.name as string, kind: r.kind as string, fields: r.n as number, version: r.version as number,
    mailingListId: (r.mailing_list_id as string | null) ?? null, updatedOn: (r.updated_on as number | null) ?? null,
  }));
}

/** One form as the builder edits it; 404 when the site has no such contact or newsletter form. */
export async function ownerForm(db: Db, websiteId: string, id: string): Promise<OwnerForm> {
  const row = await query(() =>
    d1Of(db).prepare(`SELECT * FROM forms WHERE id = ?1 AND website_id = ?2 AND kind IN ('contact', 'newsletter')`).bind(id, websiteId).first<Row>(),
  );
  if (!row) throw new ApiError(404, 'form_not_found', BUILDER_MESSAGES.notFound);
  return modelOf(row);
}

async function assertList(db: Db, websiteId: string, m: FormModel): Promise<void> {
  const listId = m.storage.mailingList.enabled ? m.storage.mailingList.listId : null;
  if (!listId) return;
  const found = await query(() =>
    d1Of(db).prepare('SELECT 1 AS found FROM mailing_lists WHERE id = ?1 AND website_id = ?2').bind(listId, websiteId).first(),
  );
  if (!found) throw new ApiError(400, 'invalid_request', BUILDER_MESSAGES.listMissing, { fields: { 'storage.mailingList.listId': BUILDER_MESSAGES.listMissing } });
}

/** A new form at version 1, its fields kept as version 1. */
export async function createForm(db: Db, websiteId: string, m: FormModel, now = Date.now()): Promise<OwnerForm> {
  await assertList(db, websiteId, m);
  const id = `form-${randomToken(9)}`;
  const d1 = d1Of(db);
  const values = columnsOf(m);
  await query(() => retryBusy(() =>
    d1.batch([
      d1.prepare(`INSERT INTO forms (id, website_id, ${COLUMNS.join(', ')}, created_on, updated_on, version)
        VALUES (?, ?, ${COLUMNS.map(() => '?').join(', ')}, ?, ?, 1)`).bind(id, websiteId, ...values, now, now),
      d1.prepare('INSERT INTO form_versions (form_id, version, fields, saved_on) VALUES (?1, 1, ?2, ?3)').bind(id, values[2], now),
    ])),
  );
  return ownerForm(db, websiteId, id);
}

/** The newest versions of a form always kept, whatever their age. */
export const KEPT_FORM_VERSIONS = 5;
/** An older version is kept while a visitor may still hold it: for this long after a newer one replaced it. */
export const FORM_VERSION_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Prunes a form's versions in its save's batch: keeps the newest KEPT_FORM_VERSIONS and every
 * version replaced less than FORM_VERSION_GRACE_MS ago (its successor's `saved_on` is when pages
 * stopped showing it, so a visitor who loaded it within the last day still submits against it);
 * the rest go. A submission naming a pruned version is judged by the current fields.
 */
function pruneVersionsStatement(d1: ReturnType<typeof d1Of>, formId: string, now: number) {
  return d1
    .prepare(
      `DELETE FROM form_versions WHERE form_id = ?1
         AND version <= (SELECT version FROM forms WHERE id = ?1) - ?2
         AND NOT EXISTS (SELECT 1 FROM form_versions nxt WHERE nxt.form_id = ?1 AND nxt.version = form_versions.version + 1 AND nxt.saved_on > ?3)`,
    )
    .bind(formId, KEPT_FORM_VERSIONS, now - FORM_VERSION_GRACE_MS);
}

/**
 * Saves a form edited from version `basedOn`: the UPDATE runs only while the version is still
 * `basedOn` and raises it by one; the same batch keeps the old version's fields (forms made
 * before versioning have no row yet) and the new one's, and prunes old versions no visitor
 * still holds (pruneVersionsStatement). A stale save changes nothing: 412 with the current version.
 */
export async function updateForm(db: Db, websiteId: string, id: string, basedOn: number, m: FormModel, now = Date.now()): Promise<OwnerForm> {
  await assertList(db, websiteId, m);
  const d1 = d1Of(db);
  const values = columnsOf(m);
  const [, updated] = await query(() => retryBusy(() =>
    d1.batch([
      d1.prepare(`INSERT INTO form_versions (form_id, version, fields, saved_on)
        SELECT id, version, fields, ?3 FROM forms WHERE id = ?1 AND website_id = ?2 AND version = ?4 ON CONFLICT DO NOTHING`)
        .bind(id, websiteId, now, basedOn),
      d1.prepare(`UPDATE forms SET ${COLUMNS.map((c) => `${c} = ?`).join(', ')}, updated_on = ?, version = version + 1
        WHERE id = ? AND website_id = ? AND version = ? AND kind IN ('contact', 'newsletter') RETURNING version`)
        .bind(...values, now, id, websiteId, basedOn),
      d1.prepare(`INSERT INTO form_versions (form_id, version, fields, saved_on)
        SELECT id, version, fields, ?3 FROM forms WHERE id = ?1 AND website_id = ?2 AND version = ?4 ON CONFLICT DO NOTHING`)
        .bind(id, websiteId, now, basedOn + 1),
      pruneVersionsStatement(d1, id, now),
    ])),
  );
  if (updated!.results.length === 0) {
    const current = await ownerForm(db, websiteId, id);
    throw new ApiError(412, 'version_conflict', BUILDER_MESSAGES.versionConflict, { extra: { current: { version: current.version } } });
  }
  // Cached pages showing the form render its new version from the next request on.
  await bumpContentVersion(db, websiteId);
  return ownerForm(db, websiteId, id);
}

/**
 * Published pages whose live revision, or whose own layout in an added language (issue 29:
 * its published copy or its draft copy, which one publish call puts live), holds a form block
 * naming the form, and the collections that show it. A page used only by its language layouts
 * lists those languages (`languages`); one used by both lists them too.
 */
export async function formUses(db: Db, websiteId: string, id: string): Promise<FormUse[]> {
  const d1 = d1Of(db);
  const names = (document: string) => `EXISTS (SELECT 1 FROM json_tree(${document}) j WHERE j.key = 'form' AND j.atom = ?2)`;
  const [pages, languagePages, collections] = await query(() =>
    d1.batch<Row>([
      d1.prepare(`SELECT p.id, p.title FROM pages p JOIN page_revisions r ON r.page_id = p.id AND r.version = p.published_version
        WHERE p.website_id = ?1 AND p.published_version IS NOT NULL AND ${names('r.document')}`).bind(websiteId, id),
      d1.prepare(`SELECT p.id, p.title, l.language FROM pages p JOIN page_language_layouts l ON l.page_id = p.id
        WHERE p.website_id = ?1 AND p.published_version IS NOT NULL AND p.trashed_on IS NULL
          AND (${names('l.draft_document')} OR (l.published_document IS NOT NULL AND ${names('l.published_document')}))
        ORDER BY l.language`).bind(websiteId, id),
      d1.prepare('SELECT id, title FROM collections WHERE website_id = ?1 AND form_id = ?2').bind(websiteId, id),
    ]),
  );
  const byPage = new Map<string, FormUse>();
  for (const r of pages!.results) byPage.set(r.id as string, { kind: 'page', id: r.id as string, title: r.title as string });
  for (const r of languagePages!.results) {
    const use = byPage.get(r.id as string) ?? { kind: 'page' as const, id: r.id as string, title: r.title as string };
    use.languages = [...(use.languages ?? []), r.language as string];
    byPage.set(use.id, use);
  }
  return [
    ...byPage.values(),
    ...collections!.results.map((r) => ({ kind: 'collection' as const, id: r.id as string, title: r.title as string })),
  ];
}

/**
 * Deletes a form edited from version `basedOn` unless something published shows it (409 naming
 * the pages). Its submissions and versions go with it (foreign keys).
 */
export async function deleteForm(db: Db, websiteId: string, id: string, basedOn: number): Promise<void> {
  const current = await ownerForm(db, websiteId, id);
  const uses = await formUses(db, websiteId, id);
  if (uses.length > 0) throw new ApiError(409, 'form_in_use', BUILDER_MESSAGES.inUse, { extra: { usedBy: uses } });
  const { meta } = await query(() =>
    d1Of(db).prepare('DELETE FROM forms WHERE id = ?1 AND website_id = ?2 AND version = ?3').bind(id, websiteId, basedOn).run(),
  );
  if (meta.changes === 0) throw new ApiError(412, 'version_conflict', BUILDER_MESSAGES.versionConflict, { extra: { current: { version: current.version } } });
  await bumpContentVersion(db, websiteId);
}

/**
 * The fields a submission is checked against: those of the version the visitor's page
 * showed when it names one still kept, else the form's current fields.
 */
export async function fieldsForVersion(db: Db, form: FormRecord, version: number | undefined): Promise<FormField[]> {
  if (version === undefined || version === form.version) return form.fields;
  const row = await query(() =>
    d1Of(db).prepare('SELECT fields FROM form_versions WHERE form_id = ?1 AND version = ?2').bind(form.id, version).first<{ fields: string }>(),
  );
  return row ? (JSON.parse(row.fields) as FormField[]) : form.fields;
}
