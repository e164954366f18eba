/**
 * The owner app's JSON calls: same-origin, the session's crumb as X-CSRF-Token on writes,
 * failures as OwnerApiError with a message to show (the server's, or SPEC §8's general texts).
 */
export class OwnerApiError extends Error {
  /**
   * `fields`: the server's per-field messages (of a 400), shown beside their fields; `body`: the
   * whole JSON error answer, for extra members such as a theme publish's `errors`.
   */
  constructor(message: string, readonly status: number, readonly fields: Record<string, string> = {}, readonly body: Record<string, unknown> = {}) {
    super(message);
  }
}

/** SPEC §8 general texts the owner screens show. */
export const TEXT = {
  failed: 'Something went wrong',
  network: 'Network error',
  unreachable: 'Unable to connect. Please try again',
  loadResults: 'Unable to load results',
  loadRetry: 'Unable to load. Try again.',
} as const;

let crumb = '';

/** Set once by the shell from the server's props. */
export function setCrumb(token: string): void {
  crumb = token;
}

/** The session's crumb, for calls ownerFetch cannot make (an upload with progress). */
export function currentCrumb(): string {
  return crumb;
}

export async function ownerFetch<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, send: typeof fetch = fetch): Promise<T> {
  let res: Response;
  try {
    res = await send(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(method === 'GET' ? {} : { 'X-CSRF-Token': crumb, 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new OwnerApiError(TEXT.network, 0);
  }
  // 204 No Content (a DELETE): nothing to read.
  if (res.status === 204) return undefined as T;
  const json = (await res.json().catch(() => undefined)) as (T & { message?: string; fields?: Record<string, string> }) | undefined;
  if (!res.ok) throw new OwnerApiError(json?.message ?? (res.status >= 500 ? TEXT.unreachable : TEXT.failed), res.status, json?.fields ?? {}, (json ?? {}) as Record<string, unknown>);
  if (json === undefined) throw new OwnerApiError(TEXT.failed, res.status);
  return json;
}
