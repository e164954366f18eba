/** Helpers of the page API's tests: an owner-side client and layouts to save. */
import { demoOwner, jsonOrUndefined, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';

export interface Answer {
  status: number;
  json: any;
  headers: Headers;
}

/** Calls the page API as `who` (signed in: cookies and the crumb), or anonymously. */
export function pageClient(worker: RunningWorker, who?: SignedIn) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await worker.fetch(`/api/pages${path}`, {
      method,
      headers: { ...(who?.headers ?? {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, json: jsonOrUndefined(await res.text()), headers: res.headers };
  };
}

/** A fresh worker with the demo owner signed in to the page API (the set-up the page API files share). */
export async function startWithOwner(): Promise<{ worker: RunningWorker; owner: ReturnType<typeof pageClient> }> {
  const worker = await startWorker();
  const demo = await demoOwner();
  return { worker, owner: pageClient(worker, await signIn(worker, demo.email, demo.password)) };
}

const AT = { desktop: { col: 1, row: 1, span: 12, rows: 1 } };

/** A ProseMirror document of one paragraph. */
export function paragraphDoc(words: string) {
  return { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] };
}

/** A layout of one section holding `blocks`, one per row (blocks may not share grid cells). */
export function layoutOf(...blocks: { id: string; type: string; props?: Record<string, unknown> }[]) {
  return { sections: [{ id: 's1', design: {}, blocks: blocks.map((b, i) => ({ props: {}, ...b, layout: { desktop: { ...AT.desktop, row: i + 1 } } })) }] };
}

/** A layout of one text block saying `words`. */
export function textLayout(words: string) {
  return layoutOf({ id: 'b1', type: 'text', props: { text: paragraphDoc(words) } });
}

/** `If-Match` naming `version`. */
export const ifMatch = (version: number | string) => ({ 'If-Match': `"${version}"` });

/** Rows of a table for a page, to prove a refused call stored nothing. */
export async function revisionCount(worker: RunningWorker, pageId: string): Promise<number> {
  const row = await worker.db.prepare('SELECT COUNT(*) AS n FROM page_revisions WHERE page_id = ?').bind(pageId).first<{ n: number }>();
  return row?.n ?? 0;
}
