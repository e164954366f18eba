import { and, asc, eq, sql } from 'drizzle-orm';
import { ownerViews, type SavedViewState } from '../../../schema/index.js';
import { newId } from '../accounts/tokens.js';
import { query, type Db } from '../db.js';

export type { SavedViewState };

export interface SavedView {
  id: string;
  name: string;
  state: SavedViewState;
  updatedOn: number;
}

/** Views one contributor may keep per screen. */
export const MAX_VIEWS_PER_SCREEN = 50;

interface Owner {
  websiteId: string;
  siteUserId: string;
}

const columns = { id: ownerViews.id, name: ownerViews.name, state: ownerViews.state, updatedOn: ownerViews.updatedOn };
const mine = (who: Owner) => and(eq(ownerViews.websiteId, who.websiteId), eq(ownerViews.siteUserId, who.siteUserId));
const isNameTaken = (err: unknown) => {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (/UNIQUE constraint failed: owner_views/.test(e.message)) return true;
  }
  return false;
};

/** The contributor's views of one screen, by name. */
export async function listViews(db: Db, who: Owner, screen: string): Promise<SavedView[]> {
  const rows = await query(() => db.select(columns).from(ownerViews).where(and(mine(who), eq(ownerViews.screen, screen))).orderBy(asc(ownerViews.name)));
  return rows as SavedView[];
}

/**
 * Saves a new view. One INSERT ... SELECT that writes only while the contributor has fewer
 * than MAX_VIEWS_PER_SCREEN for the screen (no read-then-write race); the unique index
 * refuses a second view of the same name.
 */
export async function createView(db: Db, who: Owner, screen: string, name: string, state: SavedViewState, now: number): Promise<SavedView | 'taken' | 'full'> {
  const id = newId();
  try {
    const res = await query(() =>
      db.run(sql`INSERT INTO owner_views (id, website_id, site_user_id, screen, name, state, created_on, updated_on)
        SELECT ${id}, ${who.websiteId}, ${who.siteUserId}, ${screen}, ${name}, ${JSON.stringify(state)}, ${now}, ${now}
        WHERE (SELECT count(*) FROM owner_views WHERE site_user_id = ${who.siteUserId} AND screen = ${screen}) < ${MAX_VIEWS_PER_SCREEN}`),
    );
    if ((res.meta.changes ?? 0) === 0) return 'full';
  } catch (err) {
    if (isNameTaken(err)) return 'taken';
    throw err;
  }
  return { id, name, state, updatedOn: now };
}

/** Renames a view and/or replaces its state; undefined when it is not the contributor's. */
export async function updateView(db: Db, who: Owner, id: string, change: { name?: string; state?: SavedViewState }, now: number): Promise<SavedView | 'taken' | undefined> {
  try {
    const rows = await query(() =>
      db
        .update(ownerViews)
        .set({ ...(change.name !== undefined ? { name: change.name } : {}), ...(change.state !== undefined ? { state: change.state } : {}), updatedOn: now })
        .where(and(mine(who), eq(ownerViews.id, id)))
        .returning(columns),
    );
    return rows[0] as SavedView | undefined;
  } catch (err) {
    if (isNameTaken(err)) return 'taken';
    throw err;
  }
}

/** Deletes one of the contributor's views; false when there was none. */
export async function deleteView(db: Db, who: Owner, id: string): Promise<boolean> {
  const rows = await query(() => db.delete(ownerViews).where(and(mine(who), eq(ownerViews.id, id))).returning({ id: ownerViews.id }));
  return rows.length > 0;
}
