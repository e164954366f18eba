import { XMLParser } from 'fast-xml-parser';
import { TRANSLATION_KINDS, type TranslationKind } from '../../../schema/translations.js';
import type { TranslatableText } from './sources.js';

/**
 * Translations exchanged with a translator (issue 29): an XLIFF 2.0 document or our JSON,
 * written from the site's translatable texts and read back into units to save. Pure.
 *
 * XLIFF: one `<unit>` per text; its `id` is the text's key (kind, entity, field) as base64url
 * JSON (an NMTOKEN whatever the entity is), its `name` the same key readable. Segment states:
 * `initial` (missing, no target), `translated` (draft), `final` (done).
 */

export interface ImportedText {
  kind: TranslationKind;
  entityId: string;
  fieldKey: string;
  text: string;
  status: 'draft' | 'done';
}

export interface ParsedFile {
  /** The target language the file names. */
  language: string;
  texts: ImportedText[];
}

/** Why a file could not be read: the message the owner sees. */
export class TranslationFileError extends Error {}

const MAX_TEXT = 100_000;

const xmlEscape = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

function unitId(t: { kind: string; entityId: string; fieldKey: string }): string {
  const bytes = new TextEncoder().encode(JSON.stringify([t.kind, t.entityId, t.fieldKey]));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return `u${btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

function readUnitId(id: string): [string, string, string] | undefined {
  if (!/^u[A-Za-z0-9_-]+$/.test(id)) return undefined;
  try {
    const bin = atob(id.slice(1).replace(/-/g, '+').replace(/_/g, '/'));
    const key = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)))) as unknown;
    return Array.isArray(key) && key.length === 3 && key.every((k) => typeof k === 'string') ? (key as [string, string, string]) : undefined;
  } catch {
    return undefined;
  }
}

const STATE_OF = { missing: 'initial', draft: 'translated', done: 'final' } as const;

/** The texts as an XLIFF 2.0 document from `source` into `target`. */
export function toXliff(texts: readonly TranslatableText[], source: string, target: string): string {
  const units = texts.map((t) => {
    const name = xmlEscape(`${t.kind}/${t.entityId}/${t.fieldKey}`);
    const note = xmlEscape(t.entityTitle);
    const targetXml = t.text === null ? '' : `\n        <target>${xmlEscape(t.text)}</target>`;
    return `    <unit id="${unitId(t)}" name="${name}">
      <notes><note category="location">${note}</note></notes>
      <segment state="${STATE_OF[t.status]}">
        <source>${xmlEscape(t.source)}</source>${targetXml}
      </segment>
    </unit>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="${xmlEscape(source)}" trgLang="${xmlEscape(target)}">
  <file id="site">
${units.join('\n')}
  </file>
</xliff>
`;
}

/** The texts as our JSON: the languages and one entry per text. */
export function toJsonFile(texts: readonly TranslatableText[], source: string, target: string): string {
  const entries = texts.map((t) => ({ kind: t.kind, entityId: t.entityId, fieldKey: t.fieldKey, context: t.entityTitle, source: t.source, text: t.text, status: t.status }));
  return `${JSON.stringify({ format: 'atelier-translations', version: 1, sourceLanguage: source, language: target, texts: entries }, null, 2)}\n`;
}

function imported(kind: unknown, entityId: unknown, fieldKey: unknown, text: unknown, status: 'draft' | 'done', where: string): ImportedText {
  if (typeof kind !== 'string' || !(TRANSLATION_KINDS as readonly string[]).includes(kind)) throw new TranslationFileError(`${where} names no kind of text this site has.`);
  if (typeof entityId !== 'string' || !entityId || typeof fieldKey !== 'string' || !fieldKey) throw new TranslationFileError(`${where} does not say which text it translates.`);
  if (typeof text !== 'string') throw new TranslationFileError(`${where} has a translation that is not text.`);
  if (text.length > MAX_TEXT) throw new TranslationFileError(`${where} is longer than ${MAX_TEXT.toLocaleString('en-US')} characters.`);
  return { kind: kind as TranslationKind, entityId, fieldKey, text, status };
}

const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The text of an XML element read by fast-xml-parser: a string, or `#text` of an element with attributes. */
function elementText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && '#text' in v) return String((v as { '#text': unknown })['#text']);
  if (v && typeof v === 'object' && Object.keys(v).every((k) => k.startsWith('@_'))) return '';
  return undefined;
}

function parseXliff(content: string): ParsedFile {
  let doc: Record<string, any>;
  try {
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, trimValues: false, processEntities: true, htmlEntities: false });
    doc = parser.parse(content, true) as Record<string, any>;
  } catch (err) {
    throw new TranslationFileError(`This XLIFF file is not well-formed XML (${(err as Error).message.split('\n')[0]}).`);
  }
  const xliff = doc.xliff as Record<string, any> | undefined;
  if (!xliff || xliff['@_version'] !== '2.0') throw new TranslationFileError('This is not an XLIFF 2.0 file: its root must be <xliff version="2.0">.');
  const language = xliff['@_trgLang'];
  if (typeof language !== 'string' || !language) throw new TranslationFileError('This XLIFF file names no target language (trgLang).');
  const texts: ImportedText[] = [];
  for (const file of asList(xliff.file)) {
    for (const unit of asList((file as Record<string, any>).unit)) {
      const id = String(unit['@_id'] ?? '');
      const key = readUnitId(id);
      const where = `Unit "${id.slice(0, 60)}"`;
      if (!key) throw new TranslationFileError(`${where} has an id this site did not write.`);
      const segments = asList(unit.segment as Record<string, any> | Record<string, any>[]);
      if (segments.length !== 1) throw new TranslationFileError(`${where} must have exactly one segment.`);
      const segment = segments[0]!;
      if (segment.target === undefined) continue; // Not translated yet: nothing to save.
      const text = elementText(segment.target);
      if (text === undefined) throw new TranslationFileError(`${where} has markup inside its target; only plain text can be imported.`);
      const state = segment['@_state'];
      if (state === 'initial' || text === '') continue;
      texts.push(imported(key[0], key[1], key[2], text, state === 'final' ? 'done' : 'draft', where));
    }
  }
  return { language, texts };
}

function parseJson(content: string): ParsedFile {
  let doc: unknown;
  try {
    doc = JSON.parse(content);
  } catch {
    throw new TranslationFileError('This file is neither XLIFF 2.0 nor valid JSON.');
  }
  const d = doc as { format?: unknown; language?: unknown; texts?: unknown };
  if (!d || typeof d !== 'object' || d.format !== 'atelier-translations' || !Array.isArray(d.texts)) {
    throw new TranslationFileError('This JSON file is not a translations file from this site (format "atelier-translations").');
  }
  if (typeof d.language !== 'string' || !d.language) throw new TranslationFileError('This JSON file names no language.');
  const texts: ImportedText[] = [];
  d.texts.forEach((entry: unknown, i) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    const where = `Entry ${i + 1}`;
    if (e.text === null || e.text === undefined || e.text === '' || e.status === 'missing') return;
    if (e.status !== undefined && e.status !== 'draft' && e.status !== 'done') throw new TranslationFileError(`${where} has a status other than missing, draft or done.`);
    texts.push(imported(e.kind, e.entityId, e.fieldKey, e.text, e.status === 'draft' ? 'draft' : 'done', where));
  });
  return { language: d.language, texts };
}

/** Reads an XLIFF 2.0 or JSON translations file; throws TranslationFileError naming what is wrong. */
export function parseTranslationFile(content: string): ParsedFile {
  const start = content.replace(/^\uFEFF/, '').trimStart();
  return start.startsWith('<') ? parseXliff(start) : parseJson(start);
}
