import type { PageLayout } from '../../../../blocks/layout-schema.js';
import type { HeaderFooter } from '../../../../edge/services/site-layout/header-footer.js';
import { currentCrumb, OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { type Conflict, VersionConflict } from '../page-editor/page-api.js';

export type { HeaderFooter };
export { VersionConflict };

const PATH = '/api/site-header-footer';

/** The newest header and footer revision (docs/api/site-layout.md). */
export const loadHeaderFooter = () => ownerFetch<HeaderFooter>('GET', PATH);

/**
 * PUT the header and footer as the version after `version` (If-Match). Throws VersionConflict
 * on 412 (someone saved since), OwnerApiError with the server's message and `fields` otherwise.
 */
export async function saveHeaderFooter(version: number, body: { header: PageLayout | null; footer: PageLayout | null }, send: typeof fetch = fetch): Promise<HeaderFooter> {
  let res: Response;
  try {
    res = await send(PATH, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': currentCrumb(), 'If-Match': `"${version}"` },
      body: JSON.stringify(body),
    });
  } catch {
    throw new OwnerApiError(TEXT.network, 0);
  }
  const json = (await res.json().catch(() => ({}))) as Partial<HeaderFooter> & { message?: string; fields?: Record<string, string>; current?: Conflict };
  if (res.status === 412 && json.current) throw new VersionConflict(json.current);
  if (!res.ok || typeof json.version !== 'number') throw new OwnerApiError(json.message ?? (res.status >= 500 ? TEXT.unreachable : TEXT.failed), res.status, json.fields ?? {});
  return json as HeaderFooter;
}
