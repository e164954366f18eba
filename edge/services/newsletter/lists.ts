import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { forms, mailingLists } from '../../../schema/index.js';
import { query, type Db } from '../db.js';

/** The list a shopper's "join the mailing list" box adds them to: the newsletter form's list, else the first list. */
export async function siteMailingList(db: Db, websiteId: string): Promise<string | undefined> {
  const [viaForm] = await query(() =>
    db
      .select({ id: forms.mailingListId })
      .from(forms)
      .where(and(eq(forms.websiteId, websiteId), eq(forms.kind, 'newsletter'), isNotNull(forms.mailingListId)))
      .orderBy(asc(forms.createdOn))
      .limit(1),
  );
  if (viaForm?.id) return viaForm.id;
  const [first] = await query(() =>
    db.select({ id: mailingLists.id }).from(mailingLists).where(eq(mailingLists.websiteId, websiteId)).orderBy(asc(mailingLists.createdOn)).limit(1),
  );
  return first?.id;
}

/**
 * SPEC §4 mailing list connect/disconnect: points a form at a list (or at none). After a
 * disconnect, the form's submissions stop going to the list (submit reads it per request).
 * A new form version, so a builder tab opened before the change cannot silently undo it (412).
 */
export async function connectFormToList(db: Db, websiteId: string, formId: string, listId: string | null): Promise<boolean> {
  if (listId) {
    const [list] = await query(() =>
      db.select({ id: mailingLists.id }).from(mailingLists).where(and(eq(mailingLists.websiteId, websiteId), eq(mailingLists.id, listId))).limit(1),
    );
    if (!list) return false;
  }
  const updated = await query(() =>
    db.update(forms).set({ mailingListId: listId, version: sql`${forms.version} + 1` }).where(and(eq(forms.websiteId, websiteId), eq(forms.id, formId))).returning({ id: forms.id }),
  );
  return updated.length === 1;
}
