import type { FormatterTable } from '../types.js';

export const I18N_FORMATTERS: FormatterTable = {};
