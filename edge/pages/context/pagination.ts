export interface PaginationJson {
  pageSize: number;
  currentPage: number;
  totalPages: number;
  nextPage: boolean;
  prevPage: boolean;
  nextPageUrl?: string;
  prevPageUrl?: string;
}

/** The 1-based page number of `?page=`, or 1 when absent or not a positive integer. */
export function pageNumber(raw: string | undefined): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/** Pages a list of `total` items needs (at least 1, so an empty list is page 1 of 1). */
export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Pagination of a list at `basePath` (which may carry a query); page 1 has no `page=` in its URL.
 * @example paginationJson('/shop', 2, 12, 30).prevPageUrl === '/shop'
 * @example paginationJson('/search?q=mug', 1, 10, 30).nextPageUrl === '/search?q=mug&page=2'
 */
export function paginationJson(basePath: string, currentPage: number, pageSize: number, total: number): PaginationJson {
  const pages = totalPages(total, pageSize);
  const joiner = basePath.includes('?') ? '&' : '?';
  const url = (n: number) => (n === 1 ? basePath : `${basePath}${joiner}page=${n}`);
  const out: PaginationJson = {
    pageSize,
    currentPage,
    totalPages: pages,
    nextPage: currentPage < pages,
    prevPage: currentPage > 1,
  };
  if (out.nextPage) out.nextPageUrl = url(currentPage + 1);
  if (out.prevPage) out.prevPageUrl = url(Math.min(currentPage - 1, pages));
  return out;
}
