import type { SiteStyles } from '../../../../domain/site-styles/site-styles.js';
import type { SiteStylesState } from '../../../../edge/services/site-styles/site-styles.js';
import { currentCrumb, OwnerApiError, ownerFetch, TEXT } from '../../api.js';

/** A font the server accepts (GET /api/site-styles/fonts). */
export interface FontChoice {
  id: string;
  name: string;
  category: string;
  weights: number[];
  stack: string;
  /** The @font-face stylesheet under /assets (null: the visitor's system fonts). */
  stylesheet: string | null;
}

/** Who saved the draft a 412 found instead of ours. */
export class StylesConflict extends Error {
  constructor(readonly current: { version: number; author: string | null }) {
    super('version_conflict');
  }
}

export const loadSiteStyles = () => ownerFetch<SiteStylesState>('GET', '/api/site-styles');
export const loadFonts = () => ownerFetch<{ fonts: FontChoice[] }>('GET', '/api/site-styles/fonts').then((r) => r.fonts);

/** A write naming the draft version it is based on (If-Match); 412 becomes StylesConflict. */
async function versioned(method: 'PUT' | 'POST', path: string, version: number, body: unknown): Promise<SiteStylesState> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': currentCrumb(), 'If-Match': `"${version}"` },
      body: JSON.stringify(body),
    });
  } catch {
    throw new OwnerApiError(TEXT.network, 0);
  }
  const json = (await res.json().catch(() => ({}))) as Partial<SiteStylesState> & { message?: string; fields?: Record<string, string>; current?: StylesConflict['current'] };
  if (res.status === 412 && json.current) throw new StylesConflict(json.current);
  if (!res.ok || !json.draft) throw new OwnerApiError(json.message ?? (res.status >= 500 ? TEXT.unreachable : TEXT.failed), res.status, json.fields ?? {});
  return json as SiteStylesState;
}

export const saveStylesDraft = (version: number, styles: SiteStyles) => versioned('PUT', '/api/site-styles/draft', version, { styles });
export const publishSiteStyles = (version: number) => versioned('POST', '/api/site-styles/publish', version, {});
