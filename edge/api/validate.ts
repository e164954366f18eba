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
