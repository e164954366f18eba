/**
 * Pure moves of the store's category tree (the tag manager's category list): each answers
 * where a category goes, as `PUT .../categories/{id}/position` takes it (the new parent and
 * the index among its new siblings), or null when the move is not possible.
 */
export interface TreeCategory {
  id: string;
  name: string;
  parentId: string | null;
  type: 'root' | 'category';
  displayIndex: number;
  count: number;
}

export interface Position {
  parentId: string;
  index: number;
}

/** The categories in the order the server lists them (parents first), each with its depth below the root. */
export function withDepth(rows: readonly TreeCategory[]): (TreeCategory & { depth: number })[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const depth = (r: TreeCategory): number => {
    let d = 0;
    for (let p = r.parentId; p !== null; p = byId.get(p)?.parentId ?? null) d++;
    return d;
  };
  return rows.map((r) => ({ ...r, depth: depth(r) }));
}

const siblings = (rows: readonly TreeCategory[], parentId: string | null) => rows.filter((r) => r.parentId === parentId);

function isInside(rows: readonly TreeCategory[], id: string, ancestor: string): boolean {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (let p: string | null = id; p !== null; p = byId.get(p)?.parentId ?? null) if (p === ancestor) return true;
  return false;
}

/** One place up (-1) or down (+1) among its siblings. */
export function step(rows: readonly TreeCategory[], id: string, by: -1 | 1): Position | null {
  const row = rows.find((r) => r.id === id);
  if (!row || row.parentId === null) return null;
  const list = siblings(rows, row.parentId);
  const index = list.findIndex((r) => r.id === id) + by;
  return index < 0 || index >= list.length ? null : { parentId: row.parentId, index };
}

/** Into the sibling above, as its last subcategory. */
export function nest(rows: readonly TreeCategory[], id: string): Position | null {
  const row = rows.find((r) => r.id === id);
  if (!row || row.parentId === null) return null;
  const list = siblings(rows, row.parentId);
  const above = list[list.findIndex((r) => r.id === id) - 1];
  return above ? { parentId: above.id, index: siblings(rows, above.id).length } : null;
}

/** Out of its parent, right after it; never above the root's level. */
export function unnest(rows: readonly TreeCategory[], id: string): Position | null {
  const row = rows.find((r) => r.id === id);
  const parent = row?.parentId ? rows.find((r) => r.id === row.parentId) : undefined;
  if (!parent || parent.parentId === null) return null;
  return { parentId: parent.parentId, index: siblings(rows, parent.parentId).findIndex((r) => r.id === parent.id) + 1 };
}

/** Dropped on another row: takes that row's place among its siblings (never inside itself, never beside the root). */
export function dropAt(rows: readonly TreeCategory[], id: string, overId: string): Position | null {
  const over = rows.find((r) => r.id === overId);
  if (!over || over.parentId === null || id === overId || isInside(rows, overId, id)) return null;
  const index = siblings(rows, over.parentId).filter((r) => r.id !== id).findIndex((r) => r.id === overId);
  const row = rows.find((r) => r.id === id);
  const list = siblings(rows, over.parentId);
  // Moving down within the same parent lands after the row it was dropped on.
  const after = row?.parentId === over.parentId && list.findIndex((r) => r.id === id) < list.findIndex((r) => r.id === overId);
  return { parentId: over.parentId, index: after ? index + 1 : index };
}
