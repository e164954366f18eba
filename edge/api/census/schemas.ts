import { z } from 'zod';
import { zValidator } from '@hono/zod-validator';
import { validationError } from '../validate.js';

/** SPEC §9: URL check max length 2083. */
export const MAX_URL = 2083;
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be an id of at most 64 letters, digits, - or _.');
const pixels = z.number().int().min(0).max(100_000);
export const pagePath = z.string().min(1).max(MAX_URL).startsWith('/', 'Must be a path starting with /.');

/** Fields that say which page an event happened on (SPEC §3 analytics identifiers). */
export const pageFields = {
  pagePath: pagePath.optional(),
  url: z.url().max(MAX_URL).optional(),
  pageType: z.number().int().min(0).max(999).optional(),
  websiteId: z.string().max(64).optional(),
  templateId: z.string().max(64).optional(),
  itemId: id.optional(),
  collectionId: id.optional(),
  title: z.string().max(300).optional(),
  locale: z.string().max(35).optional(),
  referrer: z.string().max(MAX_URL).optional(),
};

/** The path of the page: `pagePath`, else the path and query of `url`. */
export function pathOf(data: { pagePath?: string | undefined; url?: string | undefined }): string | undefined {
  if (data.pagePath) return data.pagePath;
  if (!data.url) return undefined;
  const u = new URL(data.url);
  return (u.pathname + u.search).slice(0, MAX_URL);
}

const needsPage = (d: { pagePath?: string | undefined; url?: string | undefined }) => !!(d.pagePath || d.url);
const needsPageMessage = { message: 'Send pagePath or url.', path: ['pagePath'] };

/** SPEC §7 RecordHit data: page, website, template, locale, viewport and screen, user agent, client time, title or url. */
export const hitData = z
  .object({
    ...pageFields,
    viewportWidth: pixels.optional(),
    viewportHeight: pixels.optional(),
    screenWidth: pixels.optional(),
    screenHeight: pixels.optional(),
    userAgent: z.string().max(1000).optional(),
    clientTime: z.number().int().positive().optional(),
    /** The browser's id for this page view, repeated by its retry (stored once). */
    hitId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Must be 16 to 64 letters, digits, - or _.').optional(),
  })
  .refine(needsPage, needsPageMessage);

/** A form field holding JSON text of at most `max` characters, parsed and checked by `schema`. */
export function jsonField<T extends z.ZodType>(schema: T, max = 4096) {
  return z
    .string()
    .max(max, `Must be at most ${max} characters of JSON.`)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Must be JSON.' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const visitCookie = z.string().max(200).optional();

export const recordHitForm = z.object({ event: z.enum(['view']), data: jsonField(hitData), ss_cvr: visitCookie });

/** SPEC §7 button-click / button-render / form-render / overlay: visitorCookie and page fields. */
const censusPageForm = {
  visitorCookie: visitCookie,
  pagePath,
  pageType: z.coerce.number().int().min(0).max(999).optional(),
  itemId: id.optional(),
  collectionId: id.optional(),
};
export const buttonForm = z.object({ ...censusPageForm, buttonId: z.string().max(100).optional(), buttonText: z.string().max(200).optional() });
export const formRenderForm = z.object({ ...censusPageForm, formId: id });
export const overlayForm = z.object({
  ...censusPageForm,
  overlayId: id,
  action: z.enum(['render', 'close', 'submit']),
  data: jsonField(z.record(z.string().max(64), z.union([z.string().max(200), z.number(), z.boolean()])), 1024).optional(),
});

/** A validated form-encoded body (read with `c.req.valid('form')`); problems are a 400 with `fields`. */
export function formBody<T extends z.ZodType>(schema: T) {
  return zValidator('form', schema, (result) => {
    if (!result.success) throw validationError(result.error);
  });
}

export { needsPage, needsPageMessage };
