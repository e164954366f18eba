/**
 * A form block's page context: the form's public JSON (services/forms/definitions) plus
 * what its no-JavaScript post needs (the page path), the values,
 * messages and crumb of a refused post shown again, and the submitted (thank-you) state.
 */
import { formJson, type FormRecord } from '../../services/forms/definitions.js';
import type { PageRequest } from '../page-request.js';

/** The query parameter of the thank-you state a no-JS post redirects to (303). */
export const SUBMITTED_PARAM = 'form-submitted';

type FieldJson = Record<string, unknown> & { id: string; type: string };
type Choice = { value: string; checked: boolean };

const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);

function withPosted(field: FieldJson, raw: unknown, error: string | undefined): FieldJson {
  const out: FieldJson = { ...field };
  if (error) out.error = error;
  const parts = field.parts as { name: string }[] | undefined;
  if (parts) {
    const given = asStrings(raw);
    out.parts = parts.map((p, i) => ({ ...p, posted: given[i] ?? '' }));
  } else if (Array.isArray(field.likertRows)) {
    const answers = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    out.likertRows = (field.likertRows as { question: string; choices: Choice[] }[]).map((row) => ({
      ...row,
      choices: row.choices.map((c) => ({ ...c, checked: answers[row.question] === c.value })),
    }));
  } else if (Array.isArray(field.choices)) {
    const picked = new Set(asStrings(raw));
    out.choices = (field.choices as Choice[]).map((c) => ({ ...c, checked: picked.has(c.value) }));
  } else if (typeof raw === 'string') {
    out.posted = raw;
    if (field.hasCounter) out.postedLength = [...raw].length;
  }
  return out;
}

/** `form` (or `newsletterForm`) of a page context for `form`, as this request shows it. */
export function formContext(req: PageRequest, form: FormRecord): Record<string, unknown> {
  const json: Record<string, unknown> = { ...formJson(form, { captchaSiteKey: req.captchaSiteKey, captchaProvider: req.captchaProvider }), pagePath: req.url.pathname };
  if (req.url.searchParams.get(SUBMITTED_PARAM) === form.id) return { ...json, submitted: true };
  const state = req.postedForm;
  if (!state || state.formId !== form.id) return json;
  const fields = (json.fields as FieldJson[]).map((f) => withPosted(f, state.raw[f.id], state.errors[f.id]));
  return { ...json, fields, notice: state.notice, plainCrumb: state.crumb };
}
