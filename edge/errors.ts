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
