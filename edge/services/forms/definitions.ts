import { and, asc, eq, inArray } from 'drizzle-orm';
import { collections, forms, type FormField } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import { FIELD_TYPES, LIKERT_ANSWERS, isFieldType, type FieldTypeSpec } from '../../../domain/forms/field-types.js';

export type FormRecord = typeof forms.$inferSelect;

/** A form of the site by id. */
export async function findForm(db: Db, websiteId: string, formId: string): Promise<FormRecord | undefined> {
  const [row] = await query(() =>
    db.select().from(forms).where(and(eq(forms.websiteId, websiteId), eq(forms.id, formId))).limit(1),
  );
  return row;
}

/**
 * The form a submission is for: its `formId` when the page sent one, else the form of
 * the page it came from (SPEC §3 payload: pageId with contentSource 'c' = a collection).
 */
export async function formForSubmission(
  db: Db,
  websiteId: string,
  target: { formId?: string | undefined; pageId?: string | undefined; contentSource?: string | undefined },
): Promise<FormRecord | undefined> {
  if (target.formId) return findForm(db, websiteId, target.formId);
  if (!target.pageId || target.contentSource === 'i') return undefined;
  const [row] = await query(() =>
    db
      .select({ form: forms })
      .from(collections)
      .innerJoin(forms, eq(forms.id, collections.formId))
      .where(and(eq(collections.websiteId, websiteId), eq(collections.id, target.pageId!)))
      .limit(1),
  );
  return row?.form;
}

/**
 * Forms of the site by id for form and newsletter blocks (one query for them all),
 * plus the site's first newsletter form (a newsletter block that names none shows it).
 */
export async function formsForBlocks(db: Db, websiteId: string, ids: readonly string[]): Promise<{ byId: Map<string, FormRecord>; newsletter: FormRecord | undefined }> {
  const [rows, [newsletter]] = await query(() =>
    db.batch([
      db.select().from(forms).where(and(eq(forms.websiteId, websiteId), inArray(forms.id, [...ids]))),
      db.select().from(forms).where(and(eq(forms.websiteId, websiteId), eq(forms.kind, 'newsletter'))).orderBy(asc(forms.createdOn), asc(forms.id)).limit(1),
    ]),
  );
  return { byId: new Map(rows.map((f) => [f.id, f])), newsletter };
}

/** The site's newsletter form for the footer (the first one made), if it has one. */
export async function footerNewsletterForm(db: Db, websiteId: string): Promise<FormRecord | undefined> {
  const [row] = await query(() =>
    db
      .select()
      .from(forms)
      .where(and(eq(forms.websiteId, websiteId), eq(forms.kind, 'newsletter')))
      .orderBy(asc(forms.createdOn), asc(forms.id))
      .limit(1),
  );
  return row;
}

const PART_LABELS: Record<string, string> = {
  first: 'First Name', last: 'Last Name', country: 'Country', areaCode: 'Area code', prefix: 'Prefix', line: 'Line',
  line1: 'Address 1', line2: 'Address 2', city: 'City', state: 'State', zip: 'ZIP Code',
  month: 'MM', day: 'DD', year: 'YYYY', hour: 'Hour', minute: 'Minute', second: 'Second', ampm: 'AM/PM',
};

const INPUT_TYPES: Record<string, string> = { email: 'email', number: 'text', website: 'url', text: 'text', currency: 'text' };

/** A field as templates and the island read it: the definition plus render helpers. */
function fieldJson(formId: string, field: FormField, likertAnswers: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...field, inputId: `form-${formId}-${field.id}` };
  const spec: FieldTypeSpec | undefined = isFieldType(field.type) ? FIELD_TYPES[field.type] : undefined;
  if (spec?.parts) {
    // SPEC §3 phone: the country-code box only when showCountryCode is set.
    const hideCountry = field.type === 'phone' && field['showCountryCode'] !== true;
    out.parts = spec.parts.map((name) => ({ name, label: PART_LABELS[name] ?? name, hidden: hideCountry && name === 'country' }));
  }
  if (INPUT_TYPES[field.type]) out.inputType = INPUT_TYPES[field.type];
  if (field.type === 'textarea' && typeof field['maxLength'] === 'number' && field['maxLength'] > 0) out.hasCounter = true;
  if (field.type === 'likert') {
    out.likertRows = (field.options ?? []).map((question) => ({ question, answers: likertAnswers, choices: likertAnswers.map((value) => ({ value, checked: false })) }));
  }
  // The theme's no-JS form marks the chosen options (choices) and refills what was typed (posted).
  if (field.type === 'radio' || field.type === 'checkbox' || field.type === 'select') out.choices = (field.options ?? []).map((value) => ({ value, checked: false }));
  if (out.parts) out.parts = (out.parts as Record<string, unknown>[]).map((p) => ({ ...p, posted: '' }));
  out.posted = '';
  if (out.hasCounter) out.postedLength = 0;
  return out;
}

/**
 * `form` of a page context (and the form island's props): everything a visitor may see.
 * The owner's notification address and list wiring stay server-side.
 */
export function formJson(
  form: FormRecord,
  options: { captchaSiteKey?: string | null | undefined; captchaProvider?: string | undefined; likertAnswers?: readonly string[] } = {},
) {
  const likertAnswers = options.likertAnswers ?? LIKERT_ANSWERS;
  return {
    id: form.id,
    // Sent back with a submission (formVersion) so a later save does not change the rules mid-way.
    version: form.version,
    kind: form.kind,
    name: form.name,
    isNewsletter: form.kind === 'newsletter',
    fields: form.fields.map((f) => fieldJson(form.id, f, likertAnswers)),
    submitButtonText: form.submitButtonText ?? 'Submit',
    submissionHtml: form.submissionHtml ?? '',
    successRedirect: form.successRedirect ?? '',
    postSubmitHtml: form.postSubmitHtml ?? '',
    disclaimerHtml: form.disclaimerHtml ?? '',
    // The provider tells the island which script to load (SPEC §7); only with a site key.
    captcha: {
      enabled: form.captchaEnabled,
      siteKey: form.captchaEnabled ? (options.captchaSiteKey ?? '') : '',
      provider: form.captchaEnabled && options.captchaSiteKey ? (options.captchaProvider ?? 'local') : 'local',
    },
  };
}
