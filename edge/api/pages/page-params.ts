/** What the page routes (index.ts) and the per-language layout routes (language-layouts.ts) read alike. */
import type { Context } from 'hono';
import { z } from 'zod';
import { parseLayout, type PageLayout } from '../../../blocks/layout-schema.js';
import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import type { Author } from '../../services/pages/page-records.js';
import { ifMatchNumber } from '../validate.js';

export const version = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
// A publish time: milliseconds since the epoch, or an ISO 8601 time with its offset.
export const publishAt = z.union([z.number().int().min(0).max(8.64e15), z.iso.datetime({ offset: true }).transform((t) => Date.parse(t))]);

/** The signed-in contributor a revision names. */
export function author(c: Context<AppEnv>): Author {
  const user = c.get('siteUser')!;
  return { id: user.id, name: user.email };
}

/** The version an `If-Match: "<version>"` names; 428 without one when `required`, 400 when it names none. */
export function ifMatchVersion(c: Context<AppEnv>, required: boolean): number | undefined {
  if (!required && c.req.header('if-match') === undefined) return undefined;
  return ifMatchNumber(c, PAGE_MESSAGES.versionRequired);
}

/** The `{version}` of a revision route: 404 unless it is a whole number. */
export function versionParam(c: Context<AppEnv>): number {
  const raw = c.req.param('version') ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, 'revision_not_found', PAGE_MESSAGES.revisionNotFound);
  return Number(raw);
}

/** The layout of a save, checked with the blocks' schemas: 400 keyed `layout.…`. */
export function checkedLayout(input: unknown): PageLayout {
  const check = parseLayout(input);
  if (!check.ok) throw new ApiError(400, 'invalid_layout', check.message, { fields: check.fields });
  return check.layout;
}
