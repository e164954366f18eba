import type { PopupDesign } from '../../../../domain/popups/popup.js';
import type { PopupState } from '../../../../edge/services/popups/popups.js';
import type { OwnerList } from '../../../../edge/services/newsletter/owner-lists.js';
import { currentCrumb, OwnerApiError, ownerFetch, TEXT } from '../../api.js';

export const loadPopup = () => ownerFetch<PopupState>('GET', '/api/owner/popup');
export const loadLists = () => ownerFetch<{ lists: OwnerList[] }>('GET', '/api/owner/mailing-lists').then((r) => r.lists);

/** A write naming the draft revision it is based on (If-Match); a 412 is an OwnerApiError with status 412. */
async function versioned(method: 'PUT' | 'POST', path: string, revision: number, body: unknown): Promise<PopupState> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': currentCrumb(), 'If-Match': `"${revision}"` },
      body: JSON.stringify(body),
    });
  } catch {
    throw new OwnerApiError(TEXT.network, 0);
  }
  const json = (await res.json().catch(() => ({}))) as Partial<PopupState> & { message?: string; fields?: Record<string, string> };
  if (!res.ok || !json.design) throw new OwnerApiError(json.message ?? (res.status >= 500 ? TEXT.unreachable : TEXT.failed), res.status, json.fields ?? {});
  return json as PopupState;
}

export const savePopup = (revision: number, design: PopupDesign) => versioned('PUT', '/api/owner/popup', revision, { design });
export const publishPopup = (revision: number) => versioned('POST', '/api/owner/popup/publish', revision, {});
