import { z } from 'zod';

// eslint-disable-next-line no-control-regex
const UNSAFE_IN_PATH = /[\u0000-\u0020\u007f\\]/;

/**
 * A file of the site's own (an uploaded asset's path, `/assets/...`), or '' for none.
 * Posters, static maps, gallery images and audio take only these: the page then asks no
 * other origin for anything before the visitor acts, and the site's Content-Security-Policy
 * (img-src and media-src 'self') would refuse another origin's file anyway.
 */
export const sitePathProp = z
  .string()
  .max(2083)
  .refine((path) => path === '' || (/^\/(?!\/)/.test(path) && !UNSAFE_IN_PATH.test(path)), { message: 'Use a file uploaded to this site (a path such as /assets/...).' });
