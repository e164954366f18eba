import { currentCrumb, OwnerApiError, ownerFetch, TEXT } from '../../api.js';

/** The translations owner API (docs/api/languages.md) as the translation editor reads it. */
export const BASE = '/api/multilingual';

export type Status = 'missing' | 'draft' | 'done';

export interface Text {
  kind: string;
  entityId: string;
  fieldKey: string;
  entityTitle: string;
  source: string;
  text: string | null;
  status: Status;
  updatedOn: number | null;
  /** The original changed since this was translated. */
  outdated: boolean;
  /** On a page's title: the page has its own published layout in this language, so its block texts are not listed. */
  layout?: 'own';
}

export interface TextList {
  language: string;
  counts: Record<Status, number>;
  texts: Text[];
}

export interface SiteLanguage {
  code: string;
  name: string;
  primary: boolean;
  published: boolean;
}

/** The stored text a 412 found instead of the one the owner edited. */
export class TranslationConflict extends Error {
  constructor(readonly current: { text: string | null; status: Status; updatedOn: number }) {
    super('Someone else saved this translation since you opened it. Reload to see their text, then edit again.');
  }
}

export const textKey = (t: { kind: string; entityId: string; fieldKey: string }) => `${t.kind}\u0000${t.entityId}\u0000${t.fieldKey}`;

/**
 * Saves one text under If-Match (its `updatedOn`, 0 for a missing one): the saved row, or
 * TranslationConflict when someone saved it since, or OwnerApiError with the server's message.
 */
export async function saveText(language: string, t: Text, text: string, status: 'draft' | 'done'): Promise<{ text: string; status: Status; updatedOn: number; outdated: false }> {
  let res: Response;
  try {
    res = await fetch(`${BASE}/translations`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': currentCrumb(), 'If-Match': `"${t.updatedOn ?? 0}"` },
      body: JSON.stringify({ kind: t.kind, entityId: t.entityId, fieldKey: t.fieldKey, language, text, status }),
    });
  } catch {
    throw new OwnerApiError(TEXT.network, 0);
  }
  const json = (await res.json().catch(() => ({}))) as { message?: string; fields?: Record<string, string>; current?: TranslationConflict['current']; text?: string; status?: Status; updatedOn?: number };
  if (res.status === 412 && json.current) throw new TranslationConflict(json.current);
  if (!res.ok) throw new OwnerApiError(json.message ?? (res.status >= 500 ? TEXT.unreachable : TEXT.failed), res.status, json.fields ?? {});
  return { text: json.text!, status: json.status!, updatedOn: json.updatedOn!, outdated: false };
}

export interface ImportCounts {
  new: number;
  changed: number;
  unchanged: number;
  refused: number;
}

export interface ImportPreview {
  language: string;
  counts: ImportCounts;
  changes: { kind: string; entityId: string; fieldKey: string; entityTitle: string; source: string; change: 'new' | 'changed'; before: string | null; text: string; status: 'draft' | 'done' }[];
  refused: { kind: string; entityId: string; fieldKey: string; reason: string }[];
}

export const previewImport = (content: string) => ownerFetch<ImportPreview>('POST', `${BASE}/translations/import/preview`, { content });
export const applyImport = (content: string) => ownerFetch<{ language: string; imported: number; counts: ImportCounts }>('POST', `${BASE}/translations/import`, { content });
