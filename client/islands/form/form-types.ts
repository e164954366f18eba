import type { FormField } from '../../../schema/forms.js';

/** A field as the page context gives it (edge/services/forms/definitions.ts `formJson`). */
export interface IslandField extends FormField {
  inputId: string;
  parts?: { name: string; label: string; hidden: boolean }[];
  likertRows?: { question: string; answers: string[] }[];
  hasCounter?: boolean;
  inputType?: string;
}

/** The form island's props: the form's public definition. */
export interface FormProps {
  id: string;
  kind: string;
  name: string;
  isNewsletter: boolean;
  fields: IslandField[];
  submitButtonText: string;
  submissionHtml: string;
  successRedirect: string;
  postSubmitHtml: string;
  disclaimerHtml: string;
  captcha: { enabled: boolean; siteKey: string };
}

export type RawValues = Record<string, unknown>;
