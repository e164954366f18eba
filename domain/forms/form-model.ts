/**
 * SPEC §3 form model as the form builder edits it: the five tabs (build, storage, advanced,
 * captcha, disclaimer) and every field type with only the properties GetTemplateSchema
 * lists for it (field-types.ts). One zod schema, read by the owner API and the builder screen.
 */
import { z } from 'zod';
import { isFormEmail } from './email.js';
import { FIELD_TYPES, isFieldType } from './field-types.js';

export const FORM_MODEL_MESSAGES = {
  subjectRequired: 'Add an email subject',
  listRequired: 'A List must be selected',
  invalidEmail: 'Please enter a valid email',
  invalidEmails: 'Emails must be formatted as name@example.com',
  invalidUrl: (val: string) => `${val} is not a valid page URL`,
  notAnOption: (val: string) => `${val} is not one of the expected options`,
  titleRequired: 'Add a title.',
  nameRequired: 'Add a form name.',
  optionsRequired: 'Add at least one option.',
  keyRequired: 'Add a key.',
  duplicateId: 'Two fields have the same id.',
} as const;

const M = FORM_MODEL_MESSAGES;

/** The most fields a form may hold and the longest option list. */
export const MAX_FORM_FIELDS = 100;
const MAX_OPTIONS = 100;

// Properties every field may carry besides its type's own (SPEC §3 "editable properties").
const COMMON = new Set(['id', 'type', 'title']);
// The textarea's character-limit flag: maxLength only counts while it is on.
const EXTRA: Record<string, readonly string[]> = { textarea: ['maxLengthEnabled'] };

const text = (max: number) => z.string().max(max);

/** One field as the builder sends it; properties outside its type's list are refused by name. */
export const formFieldInput = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'A field id is letters, digits, - and _.'),
    type: z.string().max(40),
    title: text(300),
    required: z.boolean().optional(),
    description: text(2000).optional(),
    placeholder: text(300).optional(),
    maxLength: z.number().int().min(1).max(10_000).optional(),
    maxLengthEnabled: z.boolean().optional(),
    currencySymbol: text(8).optional(),
    showCountryCode: z.boolean().optional(),
    underline: z.boolean().optional(),
    options: z.array(z.string().trim().min(1).max(300)).max(MAX_OPTIONS).optional(),
    key: text(100).optional(),
    value: text(2000).optional(),
  })
  .strict()
  .superRefine((field, ctx) => {
    if (!isFieldType(field.type)) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: M.notAnOption(field.type) });
      return;
    }
    const allowed = new Set<string>([...COMMON, ...FIELD_TYPES[field.type].properties, ...(EXTRA[field.type] ?? [])]);
    for (const [prop, v] of Object.entries(field)) {
      if (v !== undefined && !allowed.has(prop)) ctx.addIssue({ code: 'custom', path: [prop], message: M.notAnOption(prop) });
    }
    if (field.type !== 'hidden' && field.title.trim() === '') ctx.addIssue({ code: 'custom', path: ['title'], message: M.titleRequired });
    if (['radio', 'checkbox', 'select', 'likert'].includes(field.type) && !(field.options?.length)) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: M.optionsRequired });
    }
    if (field.type === 'hidden' && !field.key?.trim()) ctx.addIssue({ code: 'custom', path: ['key'], message: M.keyRequired });
  });

export type FormFieldInput = z.infer<typeof formFieldInput>;

/** A comma- or semicolon-separated list of addresses ('' for none). */
export function emailList(value: string): string[] {
  return value.split(/[,;]/).map((s) => s.trim()).filter(Boolean);
}

/** SPEC §5 success URL: a path of this site or an http(s) address. */
export function isPageUrl(value: string): boolean {
  if (/\s/.test(value) || value.length > 2083) return false;
  if (/^\/(?![/\\])/.test(value)) return true;
  return /^https?:\/\/[^/\s?#]+\.[^/\s?#]+([/?#]\S*)?$/i.test(value);
}

export const formModelInput = z
  .strictObject({
    name: z.string().trim().min(1, M.nameRequired).max(200),
    kind: z.enum(['contact', 'newsletter']).default('contact'),
    build: z.strictObject({ fields: z.array(formFieldInput).max(MAX_FORM_FIELDS) }),
    storage: z.strictObject({
      email: z.strictObject({
        enabled: z.boolean(),
        to: text(1000).default(''),
        cc: text(1000).default(''),
        bcc: text(1000).default(''),
        subject: text(300).default(''),
      }),
      mailingList: z.strictObject({ enabled: z.boolean(), listId: z.string().max(100).nullable().default(null) }),
    }),
    advanced: z.strictObject({
      submitLabel: text(100).default(''),
      successText: text(5000).default(''),
      successUrl: text(2083).default(''),
      postSubmitHtml: text(50_000).default(''),
    }),
    captcha: z.strictObject({ enabled: z.boolean() }),
    disclaimer: z.strictObject({ text: text(5000).default('') }),
  })
  .superRefine((model, ctx) => {
    const seen = new Set<string>();
    model.build.fields.forEach((f, i) => {
      if (seen.has(f.id)) ctx.addIssue({ code: 'custom', path: ['build', 'fields', i, 'id'], message: M.duplicateId });
      seen.add(f.id);
    });
    const mail = model.storage.email;
    if (mail.enabled) {
      const to = emailList(mail.to);
      if (to.length === 0 || !to.every(isFormEmail)) ctx.addIssue({ code: 'custom', path: ['storage', 'email', 'to'], message: to.length > 1 ? M.invalidEmails : M.invalidEmail });
      for (const key of ['cc', 'bcc'] as const) {
        if (!emailList(mail[key]).every(isFormEmail)) ctx.addIssue({ code: 'custom', path: ['storage', 'email', key], message: M.invalidEmails });
      }
      if (mail.subject.trim() === '') ctx.addIssue({ code: 'custom', path: ['storage', 'email', 'subject'], message: M.subjectRequired });
    }
    if (model.storage.mailingList.enabled && !model.storage.mailingList.listId) {
      ctx.addIssue({ code: 'custom', path: ['storage', 'mailingList', 'listId'], message: M.listRequired });
    }
    const url = model.advanced.successUrl.trim();
    if (url !== '' && !isPageUrl(url)) ctx.addIssue({ code: 'custom', path: ['advanced', 'successUrl'], message: M.invalidUrl(url) });
  });

export type FormModel = z.output<typeof formModelInput>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plain text as the markup a theme prints raw: escaped, one paragraph per blank-line block. */
export function textToHtml(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return trimmed
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The text of stored markup (tags dropped, entities read): what the builder shows in its text boxes. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!)
    .trim();
}
