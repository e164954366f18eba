import type { FormField } from '../../../domain/forms/form-field.js';
import type { CaptchaProvider } from './captcha.js';
import type { CaptchaMessages } from '../../../domain/messages/captcha-messages.js';

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
  /** The form version this page shows; sent back as formVersion. */
  version?: number;
  kind: string;
  name: string;
  isNewsletter: boolean;
  fields: IslandField[];
  submitButtonText: string;
  submissionHtml: string;
  successRedirect: string;
  postSubmitHtml: string;
  disclaimerHtml: string;
  /** `provider`: the deployment's bot check (absent: the offline 'local' check of tests). */
  /** `texts`: the bot check's translated texts on a page of an added language (issue 29). */
  captcha: { enabled: boolean; siteKey: string; provider?: CaptchaProvider; texts?: Partial<CaptchaMessages> };
  /** The page language's form messages that are translated (issue 29); absent: English. */
  messages?: Record<string, string>;
}

export type RawValues = Record<string, unknown>;
