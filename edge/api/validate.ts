import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import { ApiError } from '../errors.js';

/**
 * The 400 for a body or query that failed its schema: the first problem as the message,
 * every problem keyed by its field path in `fields` (DESIGN: Errors).
 */
export function validationError(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map((part) => String(part)).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return new ApiError(400, 'invalid_request', error.issues[0]?.message ?? 'Invalid request.', { fields });
}

/**
 * Validates a JSON body with zod before the handler runs; read it with `c.req.valid('json')`.
 * A malformed body is a 400 ('Malformed JSON in request body'); the body guard has already
 * refused other content types (415) and oversize bodies (413).
 * @example router.post('/x', jsonBody(z.strictObject({ n: z.number() })), (c) => c.json(c.req.valid('json')))
 */
export function jsonBody<T extends ZodType>(schema: T) {
  return zValidator('json', schema, (result) => {
    if (!result.success) throw validationError(result.error);
  });
}

/** Validates the query string with zod; read it with `c.req.valid('query')`. */
export function queryParams<T extends ZodType>(schema: T) {
  return zValidator('query', schema, (result) => {
    if (!result.success) throw validationError(result.error);
  });
}

const VERSION_TAGS = new Map<number, RegExp>();

/**
 * The version an `If-Match: "<version>"` header names (a weak `W/` and the quotes optional):
 * 428 `version_required` without the header, 400 `invalid_request` when it names no whole
 * number of at most `maxDigits` digits (each resource's version column bounds it). `message`
 * is the resource's own "send the version you edited" text, used for both.
 * @example const version = ifMatchNumber(c, PAGE_MESSAGES.versionRequired); // If-Match: "7" -> 7
 */
export function ifMatchNumber(c: { req: { header(name: string): string | undefined } }, message: string, maxDigits = 15): number {
  const header = c.req.header('if-match');
  if (header === undefined) throw new ApiError(428, 'version_required', message);
  let tag = VERSION_TAGS.get(maxDigits);
  if (!tag) VERSION_TAGS.set(maxDigits, (tag = new RegExp(`^\\s*(?:W\\/)?"?(\\d{1,${maxDigits}})"?\\s*$`)));
  const match = tag.exec(header);
  if (!match) throw new ApiError(400, 'invalid_request', message, { fields: { 'If-Match': message } });
  return Number(match[1]);
}
