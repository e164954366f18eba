/**
 * The page cache's first tier: recently served pages kept in this isolate's memory,
 * in front of `caches.default` (which costs a round trip per lookup). Same keys, same
 * 60 s life; bounded in entries and bytes, least recently used out first. Each isolate
 * has its own: losing it only costs a Cache API lookup.
 */
export interface MemoryPage {
  body: ArrayBuffer;
  /** The body gzipped once when stored (page-cache.ts), served as is to visitors who accept it. */
  gzip?: ArrayBuffer;
  status: number;
  headers: [string, string][];
  expires: number;
}

const MAX_ENTRIES = 256;
const MAX_BYTES = 16 * 1024 * 1024;
// Big pages would push out many small ones; they stay in the Cache API tier only.
const MAX_ENTRY_BYTES = 512 * 1024;

const pages = new Map<string, MemoryPage>();
let bytes = 0;

const sizeOf = (page: MemoryPage) => page.body.byteLength + (page.gzip?.byteLength ?? 0);

function drop(key: string): void {
  const page = pages.get(key);
  if (!page) return;
  bytes -= sizeOf(page);
  pages.delete(key);
}

/** A live entry for `key`, refreshed as most recently used. */
export function memoryGet(key: string, now = Date.now()): MemoryPage | undefined {
  const page = pages.get(key);
  if (!page) return undefined;
  pages.delete(key);
  if (page.expires <= now) {
    bytes -= sizeOf(page);
    return undefined;
  }
  pages.set(key, page);
  return page;
}

export function memoryPut(key: string, page: MemoryPage): void {
  if (page.body.byteLength > MAX_ENTRY_BYTES) return;
  drop(key);
  pages.set(key, page);
  bytes += sizeOf(page);
  while (pages.size > MAX_ENTRIES || bytes > MAX_BYTES) drop(pages.keys().next().value!);
}
