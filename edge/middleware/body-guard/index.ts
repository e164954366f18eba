import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { assertJsonDepth } from '../../lib/json-depth.js';

/** DESIGN: the default size limit of a state-changing API's body. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
export const JSON_TYPES = ['application/json'] as const;
export const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

function hasBody(request: Request): boolean {
  const length = request.headers.get('Content-Length');
  return length !== null ? Number(length) > 0 : request.body !== null;
}

export interface BodyGuardOptions {
  /** Largest body accepted, in bytes (default 64 KB). */
  maxBytes?: number;
  /** Media types accepted (default JSON only). */
  types?: readonly string[];
}

/** JSON media types (application/json, the +json family, CSP reports): their nesting is bounded. */
function isJsonType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json') || type === 'application/csp-report';
}

/**
 * Refuses a state-changing call's body before anything reads it: over the size limit ->
 * 413 (by Content-Length, or while streaming when there is none), a media type the route
 * does not take -> 415. A JSON body is then read (Hono keeps the text for the handler) and
 * one nested deeper than MAX_JSON_DEPTH is 400 `too_deep` before any parser or schema
 * recurses into it. Bodiless calls pass.
 */
export function bodyGuard({ maxBytes = DEFAULT_BODY_LIMIT, types = JSON_TYPES }: BodyGuardOptions = {}): MiddlewareHandler<AppEnv> {
  const tooLarge = () => {
    throw new ApiError(413, 'payload_too_large', `The request body is too large (the limit is ${Math.round(maxBytes / 1024)} KB).`);
  };
  const limit = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!BODY_METHODS.has(c.req.method) || !hasBody(c.req.raw)) return next();
    const type = mediaType(c.req.header('Content-Type'));
    if (!types.includes(type)) {
      throw new ApiError(415, 'unsupported_media_type', `Send the request body as ${types.join(' or ')}.`);
    }
    if (!isJsonType(type)) return limit(c, next);
    return limit(c, async () => {
      assertJsonDepth(await c.req.text());
      await next();
    });
  });
}
