import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { COLLECTION_TYPE } from '../../../schema/index.js';
import { SEARCH_TABLE } from '../../../schema/search.js';
import { ApiError } from '../../errors.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import { forgetSite } from '../site-versions.js';
import { CATALOG_MESSAGES } from './catalog-messages.js';
import { createCategory, MAX_ORDERED_SIBLINGS } from './categories.js';

/**
 * The tag manager (SPEC §2, §5): a store's or a blog's tags and categories — add, rename,
 * merge, remove — and a store's category tree order. Items keep names (items.tags,
 * items.categories); a change rewrites every item of the collection that uses a name, its
 * search row, its product version and the site's content version in ONE batch.
 */

export const TAG_TYPES = ['tag', 'category'] as const;
export type TagType = (typeof TAG_TYPES)[number];


/** The collection types whose items carry tags and categories: blogs and stores. */
const BLOG_TYPE = COLLECTION_TYPE.generic;
const TAGGED_TYPES = [BLOG_TYPE, COLLECTION_TYPE.products];

export interface TagCount {
  name: string;
  count: number;
}

/** A store category: a node of its tree (id set) or a name products use outside the tree (id null). */
export interface CategoryCount extends TagCount {
  id: string | null;
  parentId: string | null;
  type: 'root' | 'category' | null;
  displayIndex: number;
}

interface Collection {
  id: string;
  title: string;
  type: number;
}

interface TreeRow {
  id: string;
  name: string;
  parentId: string | null;
  type: 'root' | 'category';
  displayIndex: number;
}

const column = (tagType: TagType) => (tagType === 'tag' ? 'tags' : 'categories');
const isStoreCategory = (c: Collection, tagType: TagType) => tagType === 'category' && c.type === COLLECTION_TYPE.products;
const NAME_TAKEN = /UNIQUE constraint failed: (categories\.collection_id, categories\.display_name|collection_tags\.collection_id)/;

async function collectionOf(db: Db, websiteId: string, collectionId: string): Promise<Collection> {
  const row = await query(() =>
    db.$client
      .prepare(`SELECT id, title, type FROM collections WHERE id = ?1 AND website_id = ?2 AND type IN (${TAGGED_TYPES.join(', ')})`)
      .bind(collectionId, websiteId)
      .first<Collection>(),
  );
  if (!row) throw new ApiError(404, 'not_found', CATALOG_MESSAGES.tagCollectionNotFound);
  return row;
}

/** The site's blogs and stores, for the tag manager's picker. */
export async function taggedCollections(db: Db, websiteId: string) {
  const rows = await query(() =>
    db.$client
      .prepare(`SELECT id, title, type FROM collections WHERE website_id = ?1 AND type IN (${TAGGED_TYPES.join(', ')}) ORDER BY type DESC, display_index, id`)
      .bind(websiteId)
      .all<Collection>(),
  );
  return rows.results.map((c) => ({ id: c.id, title: c.title, kind: c.type === BLOG_TYPE ? ('blog' as const) : ('store' as const) }));
}

/** Names in use (with how many items use each) plus the names offered without items, by name. */
async function namesWithCounts(db: Db, c: Collection, tagType: TagType): Promise<TagCount[]> {
  const registered = isStoreCategory(c, tagType)
    ? "SELECT display_name AS name, 0 AS n FROM categories WHERE collection_id = ?1 AND ?2 = 'category'"
    : 'SELECT name, 0 AS n FROM collection_tags WHERE collection_id = ?1 AND tag_type = ?2';
  const rows = await query(() =>
    db.$client
      .prepare(
        `SELECT name, SUM(n) AS count FROM (
           SELECT j.value AS name, COUNT(DISTINCT i.id) AS n FROM items i, json_each(i.${column(tagType)}) j WHERE i.collection_id = ?1 GROUP BY j.value
           UNION ALL ${registered}
         ) GROUP BY name ORDER BY name COLLATE NOCASE, name`,
      )
      .bind(c.id, tagType)
      .all<TagCount>(),
  );
  return rows.results;
}

async function treeOf(db: Db, collectionId: string): Promise<TreeRow[]> {
  const rows = await query(() =>
    db.$client
      .prepare('SELECT id, display_name AS name, parent_id AS parentId, type, display_index AS displayIndex FROM categories WHERE collection_id = ?1 ORDER BY display_index, display_name')
      .bind(collectionId)
      .all<TreeRow>(),
  );
  return rows.results;
}

/** Tree rows parents first, each level in display order. */
function treeOrder(rows: readonly TreeRow[]): TreeRow[] {
  const children = new Map<string | null, TreeRow[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const out: TreeRow[] = [];
  const walk = (parent: string | null) => {
    for (const r of children.get(parent) ?? []) {
      out.push(r);
      walk(r.id);
    }
  };
  walk(null);
  return out;
}

/** A collection's tags and categories with their counts; a store's categories as its tree, then names outside it. */
export async function listTags(db: Db, websiteId: string, collectionId: string) {
  const c = await collectionOf(db, websiteId, collectionId);
  const [tags, categoryNames] = await Promise.all([namesWithCounts(db, c, 'tag'), namesWithCounts(db, c, 'category')]);
  let categories: CategoryCount[];
  if (c.type === COLLECTION_TYPE.products) {
    const counts = new Map(categoryNames.map((t) => [t.name, t.count]));
    const tree = treeOrder(await treeOf(db, c.id));
    const inTree = new Set(tree.map((r) => r.name));
    categories = [
      ...tree.map((r) => ({ id: r.id, name: r.name, parentId: r.parentId, type: r.type, displayIndex: r.displayIndex, count: counts.get(r.name) ?? 0 })),
      ...categoryNames.filter((t) => !inTree.has(t.name)).map((t) => ({ ...t, id: null, parentId: null, type: null, displayIndex: 0 })),
    ];
  } else {
    categories = categoryNames.map((t) => ({ ...t, id: null, parentId: null, type: null, displayIndex: 0 }));
  }
  return { collection: { id: c.id, title: c.title, kind: c.type === BLOG_TYPE ? 'blog' : 'store' }, tags, categories };
}

const exists = (tagType: TagType) => new ApiError(409, `${tagType}_exists`, CATALOG_MESSAGES.tagExists(tagType), { fields: { name: CATALOG_MESSAGES.tagExists(tagType) } });
const missing = (tagType: TagType, name: string) => new ApiError(404, 'not_found', CATALOG_MESSAGES.tagMissing(tagType, name));

async function knownNames(db: Db, c: Collection, tagType: TagType): Promise<Set<string>> {
  return new Set((await namesWithCounts(db, c, tagType)).map((t) => t.name));
}

/**
 * The statements that rewrite `from` names to `to` (null: drop them) in every item of the
 * collection using one, keeping each item's order and dropping repeats; first the product
 * versions (an editor open on an older version then gets 412 instead of writing the old
 * names back), then the search rows, then the items.
 */
function rewriteItems(db: Db, collectionId: string, tagType: TagType, from: readonly string[], to: string | null, now: number): D1PreparedStatement[] {
  const d1 = db.$client;
  const col = column(tagType);
  const names = JSON.stringify(from);
  const uses = `EXISTS (SELECT 1 FROM json_each(i.${col}) WHERE value IN (SELECT value FROM json_each(?2)))`;
  const users = `SELECT i.id FROM items i WHERE i.collection_id = ?1 AND ${uses}`;
  const renamed = (item: string) =>
    `SELECT v, MIN(k) AS k FROM (SELECT CASE WHEN value IN (SELECT value FROM json_each(?2)) THEN ?3 ELSE value END AS v, key AS k FROM json_each(${item}.${col}))
     WHERE v IS NOT NULL GROUP BY v ORDER BY k`;
  return [
    d1.prepare(`UPDATE products SET version = version + 1 WHERE item_id IN (${users})`).bind(collectionId, names),
    d1
      .prepare(
        `UPDATE ${SEARCH_TABLE} SET ${col} = (SELECT COALESCE(group_concat(v, ' , '), '') FROM (${renamed('it')}) ) FROM (SELECT id, ${col} FROM items) AS it
         WHERE it.id = ${SEARCH_TABLE}.item_id AND ${SEARCH_TABLE}.item_id IN (${users})`,
      )
      .bind(collectionId, names, to),
    // updated_on moves on too: it is a blog post's version (edge/services/blog/posts.ts).
    d1.prepare(`UPDATE items AS i SET ${col} = (SELECT json_group_array(v) FROM (${renamed('i')})), updated_on = MAX(i.updated_on + 1, ?4) WHERE i.collection_id = ?1 AND ${uses}`).bind(collectionId, names, to, now),
  ];
}

async function runBatch(db: Db, websiteId: string, tagType: TagType, statements: D1PreparedStatement[], now: number): Promise<void> {
  const d1 = db.$client;
  const bump = bumpStatement(db, websiteId, now).toSQL();
  try {
    await d1.batch([...statements, d1.prepare(bump.sql).bind(...bump.params)]);
  } catch (err) {
    if (NAME_TAKEN.test(`${(err as Error)?.message} ${(err as Error)?.cause ?? ''}`)) throw exists(tagType);
    return query(() => Promise.reject(err));
  }
  forgetSite(websiteId);
}

/** The root's name when the tag manager makes a store's tree (the store creation's usual `allCategoryDisplayName`). */
const DEFAULT_ROOT_NAME = 'All';

/** Adds a name the collection offers; a store category goes into its tree (under `parentId`, else the root), last. */
export async function addTag(db: Db, websiteId: string, collectionId: string, tagType: TagType, name: string, parentId: string | null, now = Date.now()) {
  const c = await collectionOf(db, websiteId, collectionId);
  if (isStoreCategory(c, tagType)) {
    // A name products use outside the tree goes into it; a name of the tree is refused (the unique index).
    const tree = await treeOf(db, c.id);
    if (tree.some((r) => r.name === name)) throw exists(tagType);
    let parent = parentId ?? tree.find((r) => r.type === 'root')?.id ?? null;
    // A store made before the tree (the demo's) gets its root first.
    if (!parent) parent = (await createCategory(db, websiteId, c.id, { displayName: DEFAULT_ROOT_NAME, parentCategoryId: null, type: 'root', pageRendering: 'all-products', displayIndex: 0 }, now)).id;
    const last = Math.max(-1, ...tree.filter((r) => r.parentId === parent).map((r) => r.displayIndex));
    await createCategory(db, websiteId, c.id, { displayName: name, parentCategoryId: parent, type: 'category', pageRendering: 'category', displayIndex: last + 1 }, now);
    forgetSite(websiteId);
    return;
  }
  if ((await knownNames(db, c, tagType)).has(name)) throw exists(tagType);
  await runBatch(db, websiteId, tagType, [
    db.$client.prepare('INSERT INTO collection_tags (website_id, collection_id, tag_type, name, created_on) VALUES (?1, ?2, ?3, ?4, ?5)').bind(websiteId, c.id, tagType, name, now),
  ], now);
}

/** Renames one name everywhere; the new name must be free ('This tag already exists': merge instead). */
export async function renameTag(db: Db, websiteId: string, collectionId: string, tagType: TagType, from: string, to: string, now = Date.now()) {
  const c = await collectionOf(db, websiteId, collectionId);
  const names = await knownNames(db, c, tagType);
  if (!names.has(from)) throw missing(tagType, from);
  if (from === to) return;
  if (names.has(to)) throw exists(tagType);
  const d1 = db.$client;
  const registry = isStoreCategory(c, tagType)
    ? d1.prepare('UPDATE categories SET display_name = ?3 WHERE collection_id = ?1 AND display_name = ?2').bind(c.id, from, to)
    : d1.prepare('UPDATE collection_tags SET name = ?4 WHERE collection_id = ?1 AND tag_type = ?2 AND name = ?3').bind(c.id, tagType, from, to);
  await runBatch(db, websiteId, tagType, [registry, ...rewriteItems(db, c.id, tagType, [from], to, now)], now);
}

/** Merges `from` names into `into` (an existing or a new name): items keep one `into` where they had any. */
export async function mergeTags(db: Db, websiteId: string, collectionId: string, tagType: TagType, from: readonly string[], into: string, now = Date.now()) {
  const c = await collectionOf(db, websiteId, collectionId);
  const names = await knownNames(db, c, tagType);
  const gone = [...new Set(from)].filter((n) => n !== into);
  const unknown = gone.find((n) => !names.has(n));
  if (unknown !== undefined) throw missing(tagType, unknown);
  if (gone.length === 0) return;
  const d1 = db.$client;
  const registry = isStoreCategory(c, tagType)
    ? await treeMerge(db, c.id, gone, into)
    : [
        d1.prepare('DELETE FROM collection_tags WHERE collection_id = ?1 AND tag_type = ?2 AND name IN (SELECT value FROM json_each(?3))').bind(c.id, tagType, JSON.stringify(gone)),
        d1.prepare('INSERT OR IGNORE INTO collection_tags (website_id, collection_id, tag_type, name, created_on) VALUES (?1, ?2, ?3, ?4, ?5)').bind(websiteId, c.id, tagType, into, now),
      ];
  await runBatch(db, websiteId, tagType, [...registry, ...rewriteItems(db, c.id, tagType, gone, into, now)], now);
}

/** Removes names from the collection and from every item that has them. A store's root category stays. */
export async function removeTags(db: Db, websiteId: string, collectionId: string, tagType: TagType, names: readonly string[], now = Date.now()) {
  const c = await collectionOf(db, websiteId, collectionId);
  const known = await knownNames(db, c, tagType);
  const unknown = names.find((n) => !known.has(n));
  if (unknown !== undefined) throw missing(tagType, unknown);
  const d1 = db.$client;
  const registry = isStoreCategory(c, tagType)
    ? await treeRemove(db, c.id, names)
    : [d1.prepare('DELETE FROM collection_tags WHERE collection_id = ?1 AND tag_type = ?2 AND name IN (SELECT value FROM json_each(?3))').bind(c.id, tagType, JSON.stringify(names))];
  await runBatch(db, websiteId, tagType, [...registry, ...rewriteItems(db, c.id, tagType, names, null, now)], now);
}

interface Move {
  id: string;
  parentId: string;
  displayIndex: number;
}

/** One UPDATE giving each listed category its parent and index (only categories of this store). */
function moveStatement(db: Db, collectionId: string, moves: readonly Move[], guard = ''): D1PreparedStatement {
  return db.$client
    .prepare(
      `UPDATE categories SET parent_id = (SELECT json_extract(m.value, '$.parentId') FROM json_each(?2) m WHERE json_extract(m.value, '$.id') = categories.id),
         display_index = (SELECT json_extract(m.value, '$.displayIndex') FROM json_each(?2) m WHERE json_extract(m.value, '$.id') = categories.id)
       WHERE collection_id = ?1 AND id IN (SELECT json_extract(value, '$.id') FROM json_each(?2)) ${guard}`,
    )
    .bind(collectionId, JSON.stringify(moves));
}

const rootRefused = () => new ApiError(400, 'root_category', CATALOG_MESSAGES.rootCategoryStays);

/** The nearest ancestor of `row` that is not going away. */
function survivingParent(byId: Map<string, TreeRow>, row: TreeRow, going: ReadonlySet<string>): string {
  let parent = row.parentId;
  while (parent !== null && going.has(parent)) parent = byId.get(parent)?.parentId ?? null;
  return parent!;
}

/** Children of removed categories move up to the nearest kept ancestor (after its own children); then the rows go. */
async function treeRemove(db: Db, collectionId: string, names: readonly string[]): Promise<D1PreparedStatement[]> {
  const tree = await treeOf(db, collectionId);
  const going = tree.filter((r) => names.includes(r.name));
  if (going.some((r) => r.type === 'root')) throw rootRefused();
  return treeDrop(db, collectionId, tree, new Set(going.map((r) => r.id)), null);
}

function treeDrop(db: Db, collectionId: string, tree: readonly TreeRow[], going: ReadonlySet<string>, target: string | null): D1PreparedStatement[] {
  const byId = new Map(tree.map((r) => [r.id, r]));
  const next = new Map<string, number>();
  const nextIndex = (parent: string) => {
    const n = next.get(parent) ?? Math.max(-1, ...tree.filter((r) => r.parentId === parent && !going.has(r.id)).map((r) => r.displayIndex)) + 1;
    next.set(parent, n + 1);
    return n;
  };
  const moves: Move[] = [];
  for (const r of treeOrder(tree)) {
    if (going.has(r.id) || r.parentId === null || !going.has(r.parentId)) continue;
    const parent = target !== null && r.id !== target ? target : survivingParent(byId, r, going);
    moves.push({ id: r.id, parentId: parent, displayIndex: nextIndex(parent) });
  }
  // The merge target under a category that goes: up to its nearest kept ancestor.
  const t = target === null ? undefined : byId.get(target);
  if (t && t.parentId !== null && !moves.some((m) => m.id === t.id) && isUnder(byId, t, going)) {
    const parent = survivingParent(byId, t, going);
    moves.push({ id: t.id, parentId: parent, displayIndex: nextIndex(parent) });
  }
  const d1 = db.$client;
  return [
    ...(moves.length ? [moveStatement(db, collectionId, moves)] : []),
    d1.prepare('DELETE FROM categories WHERE collection_id = ?1 AND id IN (SELECT value FROM json_each(?2))').bind(collectionId, JSON.stringify([...going])),
  ];
}

function isUnder(byId: Map<string, TreeRow>, row: TreeRow, set: ReadonlySet<string>): boolean {
  for (let p = row.parentId; p !== null; p = byId.get(p)?.parentId ?? null) if (set.has(p)) return true;
  return false;
}

/**
 * A merge in the tree: the category named `into` stays (or, when none is named so, the first
 * merged one in tree order is renamed to it); the other merged categories' children move
 * under it and those categories go.
 */
async function treeMerge(db: Db, collectionId: string, gone: readonly string[], into: string): Promise<D1PreparedStatement[]> {
  const tree = treeOrder(await treeOf(db, collectionId));
  const d1 = db.$client;
  let target = tree.find((r) => r.name === into);
  const merged = tree.filter((r) => gone.includes(r.name));
  const out: D1PreparedStatement[] = [];
  if (!target) {
    target = merged.find((r) => r.type === 'root') ?? merged[0];
    if (!target) return [];
    out.push(d1.prepare('UPDATE categories SET display_name = ?2 WHERE id = ?1').bind(target.id, into));
  }
  const going = merged.filter((r) => r.id !== target.id);
  if (going.some((r) => r.type === 'root')) throw rootRefused();
  // The renamed category's old name must not clash inside the batch: drop first, rename last.
  const drop = treeDrop(db, collectionId, tree, new Set(going.map((r) => r.id)), target.id);
  return [...drop, ...out];
}

/**
 * Moves a category under `parentId` at position `index` among its new siblings (the others
 * keep their order, renumbered from 0). Refused: the root (it stays on top), a parent in the
 * category's own subtree, a parent of another store, more than 250 siblings (SPEC §9). The
 * UPDATE runs only while the category is still where it was read (a concurrent move: 409).
 */
export async function moveCategory(db: Db, websiteId: string, collectionId: string, categoryId: string, parentId: string, index: number, now = Date.now()) {
  const c = await collectionOf(db, websiteId, collectionId);
  if (c.type !== COLLECTION_TYPE.products) throw new ApiError(404, 'not_found', CATALOG_MESSAGES.storeNotFound);
  const tree = await treeOf(db, c.id);
  const byId = new Map(tree.map((r) => [r.id, r]));
  const row = byId.get(categoryId);
  if (!row) throw new ApiError(404, 'not_found', CATALOG_MESSAGES.categoryMissing);
  if (row.type === 'root') throw rootRefused();
  const parent = byId.get(parentId);
  if (!parent) throw new ApiError(400, 'invalid_request', CATALOG_MESSAGES.parentCategoryMissing, { fields: { parentId: CATALOG_MESSAGES.parentCategoryMissing } });
  if (parent.id === row.id || isUnder(byId, parent, new Set([row.id]))) {
    throw new ApiError(400, 'invalid_request', CATALOG_MESSAGES.categoryInsideItself, { fields: { parentId: CATALOG_MESSAGES.categoryInsideItself } });
  }
  const siblings = tree.filter((r) => r.parentId === parent.id && r.id !== row.id).sort((a, b) => a.displayIndex - b.displayIndex || a.name.localeCompare(b.name));
  if (siblings.length + 1 > MAX_ORDERED_SIBLINGS) throw new ApiError(409, 'too_many_in_order', CATALOG_MESSAGES.tooManySiblings);
  siblings.splice(Math.min(Math.max(index, 0), siblings.length), 0, row);
  const moves = siblings.map((r, i) => ({ id: r.id, parentId: parent.id, displayIndex: i }));
  const d1 = db.$client;
  const bump = bumpStatement(db, websiteId, now).toSQL();
  const move = moveStatement(db, c.id, moves, 'AND changes() = 1');
  const [guard] = await query(() =>
    d1.batch([
      // Only while the category is still under the parent it was read under; the order follows only then.
      d1.prepare('UPDATE categories SET parent_id = ?3 WHERE id = ?1 AND parent_id IS ?2').bind(row.id, row.parentId, parent.id),
      move,
      d1.prepare(bump.sql).bind(...bump.params),
    ]),
  );
  if (!guard?.meta.changes) throw new ApiError(409, 'category_moved', CATALOG_MESSAGES.categoryMoved);
  forgetSite(websiteId);
}
