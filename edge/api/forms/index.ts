import { getCookie } from 'hono/cookie';
import { prefixCandidate } from '../../../domain/languages/languages.js';
import { withTable } from '../../services/multilingual/mail-language.js';
import { chosenLanguageTable, LANGUAGE_COOKIE } from '../../services/multilingual/visitor-language.js';
import { canonicalChoices, translatedFormMessages } from '../../services/multilingual/texts.js';
import { visitorTable } from '../../services/multilingual/visitor-texts.js';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { assertJsonDepth } from '../../lib/json-depth.js';
import { isDatabaseFailure } from '../../services/db.js';
import { findForm, formForSubmission } from '../../services/forms/definitions.js';
import { sha256Hex } from '../../services/forms/hash.js';
import { issueFormKey } from '../../services/forms/keys.js';
import { fieldsForVersion } from '../../services/forms/builder.js';
import { FORM_MESSAGES as M, type FormMessages } from '../../../domain/messages/form-messages.js';
import { firstEmail, submitForm } from '../../services/forms/submit.js';
import { storedWithKey } from '../../services/forms/submissions.js';
import { FormParseError, sanitizeSubmission } from '../../../domain/forms/sanitize.js';
import { rateLimit } from '../../middleware/rate-limit/index.js';
import { clientIp } from '../../lib/client-address.js';
import { jsonBody } from '../validate.js';
import { formBudget, mailBudgets, perTarget, perVisitor, spendBudgets, visitorSecret } from '../../middleware/rate-limit/form-budgets.js';
import { templateSchemas } from './template-schema.js';

/** SPEC §3 Form submission payload (plus `formId`, which forms outside a page's own slot send). */
const submissionPayload = z.object({
  key: z.string().min(1).max(200),
  form: z.string().max(60_000),
  captchaKey: z.string().max(4000).nullish(),
  pageTitle: z.string().max(500).optional(),
  pageId: z.string().max(100).optional(),
  contentSource: z.enum(['i', 'c', '']).optional(),
  pagePath: z.string().max(2083).optional(),
  pagePermissionTypeValue: z.coerce.number().int().optional(),
  formId: z.string().max(100).optional(),
  /** The form version the page showed (formJson `version`): its fields judge the values. */
  formVersion: z.coerce.number().int().min(1).max(1e9).optional(),
});

function parseFormJson(text: string, m: FormMessages): Record<string, unknown> {
  // JSON inside the JSON body: bounded like the body itself (issue 33, finding 4).
  assertJsonDepth(text, 'form');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'unparsable_form', m.cannotParse);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ApiError(400, 'unparsable_form', m.cannotParse);
  return parsed as Record<string, unknown>;
}

/** The 400 of SPEC §8: each message keyed by field id (`fields`, and `errors` as the form client reads it). */
export function invalidFields(errors: Record<string, string>, message: string = M.invalidFields): ApiError {
  return new ApiError(400, 'invalid_fields', message, { fields: errors, extra: { errors } });
}

function sanitizeOrThrow(fields: Parameters<typeof sanitizeSubmission>[0], raw: Record<string, unknown>, m: FormMessages) {
  try {
    return sanitizeSubmission(fields, raw, m);
  } catch (err) {
    if (err instanceof FormParseError) throw new ApiError(400, 'unparsable_form', m.cannotParse, { fields: { [err.fieldId]: m.cannotParse } });
    throw err;
  }
}

async function visitorHash(c: Parameters<typeof visitorSecret>[0], m: FormMessages = M): Promise<string> {
  const secret = visitorSecret(c);
  if (!secret) throw new ApiError(401, 'no_visitor', m.status401);
  return sha256Hex(`visitor:${secret}`);
}

/** SPEC §7 Forms: keys, validation, submissions; and GetTemplateSchema for the form block. */
export const formsApi = new Hono<AppEnv>({ strict: false });

// Empty body, with credentials (SPEC §7); the key binds to the caller's crumb.
// Its refusals in the visitor's language (the language cookie the pages set, issue 29).
formsApi.post(
  '/form/FormSubmissionKey',
  formBudget(async (c) => translatedFormMessages(await visitorTable(c)).status429, perVisitor('key'), perTarget((c) => `keys:${c.var.site.id}`)),
  async (c) => {
    // The 401 of a call without a visitor, in their language too (the translations loaded only then).
    const m = visitorSecret(c) ? undefined : translatedFormMessages(await visitorTable(c));
    const key = await issueFormKey(c.var.db, c.var.site.id, await visitorHash(c, m), Date.now());
    return c.json({ key });
  },
);

formsApi.post('/form/SaveFormSubmission', jsonBody(submissionPayload), async (c) => {
  const payload = c.req.valid('json');
  // The page's language (its /fr prefix, else the language cookie, issue 29): the answer's messages are in it,
  // and options posted in it are stored as the primary's.
  const language = await chosenLanguageTable(c.var.db, c.var.site, (payload.pagePath && prefixCandidate(payload.pagePath)) || getCookie(c, LANGUAGE_COOKIE));
  const m = translatedFormMessages(language?.table);
  const current = await formForSubmission(c.var.db, c.var.site.id, payload);
  if (!current) throw new ApiError(404, 'form_not_found', m.status404);
  // A visitor mid-way through version N keeps submitting against N after the owner saves N+1.
  const form = { ...current, fields: await fieldsForVersion(c.var.db, current, payload.formVersion) };
  // A replay of a key that stored this visitor's submission answers the stored success at once:
  // it spends no budget, so a client retrying a lost answer is never refused 429 (issue 35).
  if (await storedWithKey(c.var.db, { keyHash: await sha256Hex(payload.key), websiteId: c.var.site.id, visitorHash: await visitorHash(c, m) })) {
    return c.json({ success: true });
  }
  await spendBudgets(c, m.status429, perVisitor('save'), perTarget(() => `form:${form.id}`));
  const parsed = parseFormJson(payload.form, m);
  const raw = language ? canonicalChoices(form.id, form.fields, parsed, language.table) : parsed;
  const { values, errors } = sanitizeOrThrow(form.fields, raw, m);
  if (Object.keys(errors).length > 0) throw invalidFields(errors, m.invalidFields);
  const listEmail = form.mailingListId ? firstEmail(form, values) : undefined;
  if (listEmail) await spendBudgets(c, m.status429, ...mailBudgets(listEmail));
  try {
    const outcome = await submitForm(c.var.db, c.env, {
      site: c.var.site,
      form,
      raw,
      values,
      key: payload.key,
      visitorHash: await visitorHash(c, m),
      captchaToken: payload.captchaKey ?? undefined,
      messages: m,
      page: { title: payload.pageTitle, id: payload.pageId, contentSource: payload.contentSource || undefined, path: payload.pagePath, permissionTypeValue: payload.pagePermissionTypeValue },
      origin: new URL(c.req.url).origin,
      language: language && withTable(language.code, language.table),
      remoteIp: clientIp(c),
    });
    // A replay of a key that stored this visitor's submission gets the original success again.
    if (!outcome.stored && !outcome.replayed) throw new ApiError(401, 'form_key_refused', m.status401);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (isDatabaseFailure(err)) {
      console.error(`form submission not stored: ${String(err)}`);
      throw new ApiError(500, 'submission_failed', m.status500);
    }
    throw err;
  }
  // Held and received submissions answer alike: a bot learns nothing from the reply.
  return c.json({ success: true });
});

// SPEC §7: a JSON body of field values; failures carry errors keyed by field id.
formsApi.post(
  '/rest/forms/validate/:formId',
  rateLimit({ binding: 'RATE_VISITOR_WRITES', periodSeconds: 60, key: (c) => `forms-validate:${visitorSecret(c) ?? ''}` }),
  jsonBody(z.record(z.string(), z.unknown())),
  async (c) => {
    // In the visitor's language (the language cookie the pages set, issue 29).
    const language = await chosenLanguageTable(c.var.db, c.var.site, getCookie(c, LANGUAGE_COOKIE));
    const m = translatedFormMessages(language?.table);
    const form = await findForm(c.var.db, c.var.site.id, c.req.param('formId'));
    if (!form) throw new ApiError(404, 'form_not_found', m.status404);
    const { errors } = sanitizeOrThrow(form.fields, c.req.valid('json'), m);
    if (Object.keys(errors).length > 0) throw invalidFields(errors, m.invalidFields);
    return c.json({ valid: true });
  },
);

formsApi.route('/template', templateSchemas);
