import type { FormatterTable } from '../types.js';

export const SOCIAL_FORMATTERS: FormatterTable = {};
