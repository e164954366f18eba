/**
 * The full-text search index (`search_index`, an FTS5 table created by the custom
 * migration 0002_search_index.sql): one row of plain text per item. Shared by the seed
 * (schema/seed/build.ts) and the edge's content writes (edge/services/content-version.ts)
 * so both index the same text.
 */
export const SEARCH_TABLE = 'search_index';

/** The fields of an item the index reads. */
export interface SearchSource {
  id: string;
  websiteId: string;
  title: string;
  excerpt?: string | null;
  body?: string | null;
  tags?: readonly string[] | null;
  categories?: readonly string[] | null;
}

export interface SearchStatement {
  sql: string;
  params: unknown[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Rich text to the words a visitor could search for: tags dropped (block tags become
 * spaces so words do not run together), common entities decoded, and the control
 * characters the search snippets use as highlight markers removed.
 * @example plainText('<p>Tea &amp; cake</p><p>now</p>') === 'Tea & cake now'
 */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?(?:p|div|br|li|ul|ol|h[1-6]|blockquote|tr|td|th|section|figure|figcaption)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+\d*);/gi, (m, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16) || 32);
      if (lower.startsWith('#')) return ENTITIES[lower] ?? String.fromCodePoint(Number(lower.slice(1)) || 32);
      return ENTITIES[lower] ?? m;
    })
    .replace(CONTROL, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// Never in indexed text: snippets mark matches with \u0002 and \u0003.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

function columns(item: SearchSource): unknown[] {
  return [
    // Titles are plain text already (templates escape them); only the marker characters go.
    item.title.replace(CONTROL, ''),
    plainText(item.excerpt),
    plainText(item.body),
    (item.tags ?? []).join(' , '),
    (item.categories ?? []).join(' , '),
    item.id,
    item.websiteId,
  ];
}

const INSERT = `INSERT INTO ${SEARCH_TABLE} (title, excerpt, body, tags, categories, item_id, website_id)`;

/** Replaces an item's index row: its old row (if any) goes, the current text goes in. */
export function searchRowStatements(item: SearchSource): SearchStatement[] {
  return [
    { sql: `DELETE FROM ${SEARCH_TABLE} WHERE item_id = ?`, params: [item.id] },
    { sql: `${INSERT} VALUES (?, ?, ?, ?, ?, ?, ?)`, params: columns(item) },
  ];
}

/** The seed's form: inserts the row only when the item has none, so re-running a seed is harmless. */
export function searchSeedStatement(item: SearchSource): SearchStatement {
  return {
    sql: `${INSERT} SELECT ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM ${SEARCH_TABLE} WHERE item_id = ?)`,
    params: [...columns(item), item.id],
  };
}
