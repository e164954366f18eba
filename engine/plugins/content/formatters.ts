import type { FormatterTable } from '../types.js';

export const CONTENT_FORMATTERS: FormatterTable = {};
