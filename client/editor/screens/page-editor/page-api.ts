import type { PageLayout } from '../../../../blocks/layout-schema.js';
import { currentCrumb, OwnerApiError, ownerFetch, TEXT } from '../../api.js';

/** A page as the pages API answers it (docs/api/pages.md), with the fields the editor uses. */
export interface EditorPage {
  id: string;
  title: string;
  slug: string;
  url: string;
  status: string;
  draftVersion: number;
  publishedVersion: number | null;
  draft: { version: number; layout: PageLayout; author: string | null; savedAt: number };
  lock: { by: string; since: number } | null;
  /** The site's added languages (issue 29) and which of them have their own layout of this page. */
  addedLanguages?: { code: string; name: string; prefix: string }[];
  languageLayouts?: { language: string; draftVersion: number; publishedVersion: number | null }[];
  /** Set while the editor edits this language's own layout (then draft, versions and schedule are that copy's). */
  language?: string;
  /** A scheduled publish: when, and which version (the page's, or the language copy's). */
  publishAt?: number | null;
  scheduledVersion?: number | null;
}

/** A page's layout in one added language (docs/api/pages.md): shared, or its own copy. */
export interface LanguageLayout {
  language: string;
  shared: boolean;
  draft: EditorPage['draft'] | null;
  publishedVersion: number | null;
  publishAt: number | null;
  scheduledVersion: number | null;
}

export interface Revision {
  version: number;
  author: string | null;
  savedAt: number;
  restoredFrom: number | null;
  publishedOn: number | null;
}

/** Who saved the version a 412 found instead of ours. */
export interface Conflict {
  version: number;
  author: string | null;
  savedAt: number;
}

/** A save the server refused because the draft moved on (412 version_conflict). */
export class VersionConflict extends Error {
  constructor(readonly current: Conflict) {
    super('version_conflict');
  }
}

const base = (id: string) => `/api/pages/${encodeURIComponent(id)}`;

export const loadPage = (id: string) => ownerFetch<{ page: EditorPage }>('GET', base(id)).then((r) => r.page);

// The page asked for while the editor's chunk still loads (route.tsx), so the two overlap.
const early = new Map<string, Promise<EditorPage>>();

/** Starts loading page `id` ahead of the editor (a newer call replaces one not taken). */
export function loadPageEarly(id: string): void {
  const pending = loadPage(id);
  pending.catch(() => undefined);
  early.set(id, pending);
}

/** The page: the early load when one is waiting (taken once: a retry asks again), else a fresh one. */
export function takePage(id: string): Promise<EditorPage> {
  const pending = early.get(id);
  early.delete(id);
  return pending ?? loadPage(id);
}

/** Browsers refuse a keepalive request whose body passes 64 KiB; a larger one is sent as a plain request. */
const KEEPALIVE_BYTES = 60_000;

/**
 * PUT the draft based on `version` (If-Match). Answers the saved page; throws VersionConflict
 * on 412, OwnerApiError with status 0 when the network failed (the caller retries), else the server's error.
 * `leaving`: the tab is being hidden or closed, so the request is sent with keepalive (it
 * outlives the page, with the same crumb header) when its body is small enough.
 */
export async function saveDraft(id: string, version: number, layout: PageLayout, send: typeof fetch = fetch, leaving = false, language?: string): Promise<Partial<EditorPage>> {
  let res: Response;
  try {
    const body = JSON.stringify({ layout });
    res = await send(`${language ? languageBase(id, language) : base(id)}/draft`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': currentCrumb(), 'If-Match': `"${version}"` },
      body,
      keepalive: leaving && new TextEncoder().encode(body).length < KEEPALIVE_BYTES,
    });
  } catch {
    throw new OwnerApiError(TEXT.network, 0);
  }
  const json = (await res.json().catch(() => ({}))) as { page?: EditorPage; languageLayout?: LanguageLayout; message?: string; fields?: Record<string, string>; current?: Conflict };
  if (res.status === 412 && json.current) throw new VersionConflict(json.current);
  const saved = json.languageLayout ? languagePart(json.languageLayout) : json.page;
  if (!res.ok || !saved) throw new OwnerApiError(json.message ?? (res.status >= 500 ? TEXT.unreachable : TEXT.failed), res.status, json.fields ?? {});
  return saved;
}

const languageBase = (id: string, language: string) => `${base(id)}/languages/${encodeURIComponent(language)}`;

/** What a language's own layout changes of the page the editor holds: its draft and versions. */
function languagePart(own: LanguageLayout): Partial<EditorPage> | undefined {
  if (!own.draft) return undefined;
  return {
    draft: own.draft, draftVersion: own.draft.version, publishedVersion: own.publishedVersion, language: own.language, publishAt: own.publishAt, scheduledVersion: own.scheduledVersion,
  };
}

/**
 * The page as the editor edits it in `language`: undefined while the language shares the
 * page's layout, else the page with its own copy as the draft and the preview under the prefix.
 */
export function inLanguage(page: EditorPage, own: LanguageLayout): EditorPage | undefined {
  const part = languagePart(own);
  const prefix = page.addedLanguages?.find((l) => l.code === own.language)?.prefix ?? '';
  return part ? { ...page, ...part, url: `${prefix}${page.url}` } : undefined;
}

export const loadLanguageLayout = (id: string, language: string) => ownerFetch<{ languageLayout: LanguageLayout }>('GET', languageBase(id, language)).then((r) => r.languageLayout);
export const divergeLayout = (id: string, language: string) => ownerFetch<{ languageLayout: LanguageLayout }>('POST', languageBase(id, language), {}).then((r) => r.languageLayout);
export const dropLanguageLayout = (id: string, language: string) => ownerFetch<{ languageLayout: LanguageLayout }>('DELETE', languageBase(id, language));
export const publishLanguageLayout = (id: string, language: string, version: number) =>
  ownerFetch<{ languageLayout: LanguageLayout }>('POST', `${languageBase(id, language)}/publish`, { version }).then((r) => languagePart(r.languageLayout)!);

export const publishPage = (id: string, version: number) => ownerFetch<{ page: EditorPage }>('POST', `${base(id)}/publish`, { version }).then((r) => r.page);
export const heartbeat = (id: string) => ownerFetch<{ lock: EditorPage['lock'] }>('POST', `${base(id)}/lock`, {}).then((r) => r.lock);
export const releaseLock = (id: string) => ownerFetch<{ lock: null }>('DELETE', `${base(id)}/lock`);

/** Where the history of `page` as the editor holds it lives: the page's own, or its language copy's. */
const historyBase = (page: EditorPage) => (page.language ? languageBase(page.id, page.language) : base(page.id));

export const listRevisions = (page: EditorPage) =>
  ownerFetch<{ revisions: Revision[]; draftVersion: number; publishedVersion: number | null }>('GET', `${historyBase(page)}/revisions`);

/** A fetch that names the version edited (`If-Match`), as a language copy's restore requires. */
const ifMatch = (version: number) => ((input: RequestInfo | URL, init?: RequestInit) =>
  fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'If-Match': `"${version}"` } })) as typeof fetch;

/** Restores `version` as the new draft: the page's, or (with `page.language`) its language copy's, based on draft `basedOn`. */
export function restoreRevision(page: EditorPage, version: number, basedOn = page.draftVersion): Promise<EditorPage> {
  if (!page.language) return ownerFetch<{ page: EditorPage }>('POST', `${base(page.id)}/revisions/${version}/restore`, {}).then((r) => r.page);
  return ownerFetch<{ languageLayout: LanguageLayout }>('POST', `${historyBase(page)}/revisions/${version}/restore`, {}, ifMatch(basedOn)).then((r) => ({
    ...page,
    ...languagePart(r.languageLayout),
  }));
}

/** Schedules, or cancels the schedule of, a language copy's version: what the copy's answer changes of the page the editor holds. */
export const scheduleLanguageLayout = (id: string, language: string, version: number, publishAt: number) =>
  ownerFetch<{ languageLayout: LanguageLayout }>('POST', `${languageBase(id, language)}/schedule`, { version, publishAt }).then((r) => languagePart(r.languageLayout)!);
export const cancelLanguageSchedule = (id: string, language: string) =>
  ownerFetch<{ languageLayout: LanguageLayout }>('DELETE', `${languageBase(id, language)}/schedule`).then((r) => languagePart(r.languageLayout)!);

/** Whether the signed-in roles may publish (the shell's props, from the server's permission table). */
export function mayPublish(): boolean {
  try {
    const props = JSON.parse(document.getElementById('owner-app')?.dataset.props ?? '{}') as { publishPages?: boolean };
    return props.publishPages === true;
  } catch {
    return false;
  }
}
