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

/**
 * Pagination of a list at `basePath`; page 1 has no `?page=` in its URL.
 * @example paginationJson('/shop', 2, 12, 30).prevPageUrl === '/shop'
 */
export function paginationJson(basePath: string, currentPage: number, pageSize: number, total: number): PaginationJson {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const url = (n: number) => (n === 1 ? basePath : `${basePath}?page=${n}`);
  const out: PaginationJson = {
    pageSize,
    currentPage,
    totalPages,
    nextPage: currentPage < totalPages,
    prevPage: currentPage > 1,
  };
  if (out.nextPage) out.nextPageUrl = url(currentPage + 1);
  if (out.prevPage) out.prevPageUrl = url(Math.min(currentPage - 1, totalPages));
  return out;
}
