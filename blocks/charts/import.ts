import Papa from 'papaparse';
import { datasetFromCells, type DatasetParse } from './dataset.js';

/** The largest CSV file the chart panel imports (a capped dataset is far smaller). */
export const MAX_CSV_BYTES = 1024 * 1024;

/** SPEC §5 file messages of the import. */
export const importMessages = {
  tooLarge: (fileName: string) => `The file ${fileName} is too large. The maximum allowed file size is 1 MB.`,
  unsupported: (fileName: string) => `The file ${fileName} does not appear to be a supported file.`,
};

/**
 * A pasted or imported table (tab, comma or semicolon separated: papaparse guesses which)
 * as a chart dataset with its notices; numbers are read the way `locale` writes them.
 */
export function parseDelimited(text: string, locale: string): DatasetParse {
  const tabbed = text.includes('\t');
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy', ...(tabbed ? { delimiter: '\t' } : { delimitersToGuess: [',', ';', '\t', '|'] }) });
  return datasetFromCells(result.data, locale);
}

/** Whether `file` looks like a CSV or plain-text table by its name and type (its content is parsed after). */
export function isTableFile(file: { name: string; type: string }): boolean {
  return /\.(csv|tsv|txt)$/i.test(file.name) || /^text\/(csv|plain|tab-separated-values)$/.test(file.type);
}
