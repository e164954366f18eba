/**
 * Typed failures of page serving. Handlers throw them; `app.onError` turns each into
 * a response (STYLE: exceptions belong to HTTP).
 */
export class SiteNotFoundError extends Error {
  override readonly name = 'SiteNotFoundError';
  constructor(readonly host: string) {
    super(`No website for host ${host}`);
  }
}

/** D1 could not answer (unreachable, not migrated, query failed). */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  constructor(override readonly cause: unknown) {
    super('The database is unavailable');
  }
}

/** The site's theme lacks the template a page type needs. */
export class TemplateMissingError extends Error {
  override readonly name = 'TemplateMissingError';
  constructor(readonly path: string) {
    super(`Theme template ${path} is missing`);
  }
}

/**
 * A page render stopped at a render limit (work budget or output size): the output is
 * cut short, so the page is not served; `app.onError` logs it and answers with the error page.
 */
export class RenderLimitError extends Error {
  override readonly name = 'RenderLimitError';
  constructor(readonly path: string, readonly code: string, readonly detail: string) {
    super(`Render of ${path} stopped: ${code} ${detail}`);
  }
}

/** Extra data an API error carries into its JSON body (besides `error` and `message`). */
export interface ApiErrorOptions {
  fields?: Record<string, string>;
  /** More top-level keys of the body, e.g. `{ crumbFail: true }`. */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * A failure an API answers as JSON `{ error, message, fields? }` with `status`
 * (DESIGN: Errors; SPEC §8 texts). Services and handlers throw it; `app.onError` answers.
 * @example throw new ApiError(409, 'insufficient_stock', 'Sorry, we do not have enough of that item available.');
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 405 | 409 | 410 | 412 | 413 | 415 | 422 | 428 | 429 | 500 | 503,
    readonly code: string,
    message: string,
    readonly options: ApiErrorOptions = {},
  ) {
    super(message);
  }
}
