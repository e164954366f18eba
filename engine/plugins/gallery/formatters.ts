import type { FormatterTable } from '../../plugin-contract.js';

export const GALLERY_FORMATTERS: FormatterTable = {};
