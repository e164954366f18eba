/** The built-in plugin tables, merged from every domain. */
import type { FormatterTable, PredicateTable } from '../plugin-contract.js';
import { CORE_FORMATTERS } from './core/formatters.js';
import { CORE_PREDICATES } from './core/predicates.js';
import { CONTENT_FORMATTERS } from './content/formatters.js';
import { CONTENT_PREDICATES } from './content/predicates.js';
import { COMMERCE_FORMATTERS } from './commerce/formatters.js';
import { COMMERCE_PREDICATES } from './commerce/predicates.js';
import { DATE_FORMATTERS } from './date/formatters.js';
import { DATE_PREDICATES } from './date/predicates.js';
import { I18N_FORMATTERS } from './i18n/formatters.js';
import { I18N_PREDICATES } from './i18n/predicates.js';
import { SOCIAL_FORMATTERS } from './social/formatters.js';
import { SOCIAL_PREDICATES } from './social/predicates.js';
import { GALLERY_FORMATTERS } from './gallery/formatters.js';
import { GALLERY_PREDICATES } from './gallery/predicates.js';

export type { FormatterTable, PredicateTable } from '../plugin-contract.js';

export const BUILTIN_FORMATTERS: FormatterTable = Object.freeze({
  ...CORE_FORMATTERS,
  ...CONTENT_FORMATTERS,
  ...COMMERCE_FORMATTERS,
  ...DATE_FORMATTERS,
  ...I18N_FORMATTERS,
  ...SOCIAL_FORMATTERS,
  ...GALLERY_FORMATTERS,
});

export const BUILTIN_PREDICATES: PredicateTable = Object.freeze({
  ...CORE_PREDICATES,
  ...CONTENT_PREDICATES,
  ...COMMERCE_PREDICATES,
  ...DATE_PREDICATES,
  ...I18N_PREDICATES,
  ...SOCIAL_PREDICATES,
  ...GALLERY_PREDICATES,
});
