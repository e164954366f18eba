import { and, desc, eq, like, lt, or, type SQL } from 'drizzle-orm';
import { formSubmissions, forms, type SubmissionStatus } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import { decodeCursor, encodeCursor, type Page } from '../restock/signups.js';

export interface SubmissionRow {
  id: string;
  formId: string;
  formName: string;
  values: Record<string, unknown>;
  status: SubmissionStatus;
  heldReason: string | null;
  pagePath: string | null;
  createdOn: number;
}

export interface SubmissionQuery {
  formId?: string | undefined;
  /** Case-insensitive text anywhere in the values. */
  search?: string | undefined;
  status?: SubmissionStatus | undefined;
  cursor?: string | undefined;
  pageSize: number;
}

function escapeLike(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The owner's listing: newest first, filtered and searched, paged by (createdOn, id). */
export async function listSubmissions(db: Db, websiteId: string, q: SubmissionQuery): Promise<Page<SubmissionRow>> {
  const after = decodeCursor(q.cursor) as [number, string] | undefined;
  const conditions: (SQL | undefined)[] = [
    eq(formSubmissions.websiteId, websiteId),
    q.formId ? eq(formSubmissions.formId, q.formId) : undefined,
    q.status ? eq(formSubmissions.status, q.status) : undefined,
    q.search ? like(formSubmissions.searchText, `%${escapeLike(q.search)}%`) : undefined,
    after ? or(lt(formSubmissions.createdOn, after[0]), and(eq(formSubmissions.createdOn, after[0]), lt(formSubmissions.id, after[1]))) : undefined,
  ];
  const rows = await query(() =>
    db
      .select({
        id: formSubmissions.id, formId: formSubmissions.formId, formName: forms.name, values: formSubmissions.values,
        status: formSubmissions.status, heldReason: formSubmissions.heldReason, pagePath: formSubmissions.pagePath, createdOn: formSubmissions.createdOn,
      })
      .from(formSubmissions)
      .innerJoin(forms, eq(forms.id, formSubmissions.formId))
      .where(and(...conditions))
      .orderBy(desc(formSubmissions.createdOn), desc(formSubmissions.id))
      .limit(q.pageSize + 1),
  );
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  const hasNextPage = rows.length > q.pageSize;
  return { rows: page, hasNextPage, nextPageCursor: hasNextPage && last ? encodeCursor([last.createdOn, last.id]) : null };
}

/** Deletes one submission of the site; true when it existed. */
export async function deleteSubmission(db: Db, websiteId: string, id: string): Promise<boolean> {
  const gone = await query(() =>
    db.delete(formSubmissions).where(and(eq(formSubmissions.websiteId, websiteId), eq(formSubmissions.id, id))).returning({ id: formSubmissions.id }),
  );
  return gone.length === 1;
}
