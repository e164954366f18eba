import type { FormatterTable } from '../types.js';

export const GALLERY_FORMATTERS: FormatterTable = {};
