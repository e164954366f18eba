import { escapeHtml } from '../../engine/index.js';
import type { ApiError } from '../errors.js';

/**
 * Pages served without the theme, for when the theme cannot be used: no site for the
 * host, the database down, or the theme lacking a template. They never include
 * error details.
 */
export function plainPage(title: string, message: string, lang = 'en'): string {
  const t = escapeHtml(title);
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#222;max-width:36rem;margin:15vh auto;padding:0 1.5rem}h1{font-size:1.75rem;font-weight:600}</style>
</head>
<body>
<main>
<h1>${t}</h1>
<p>${escapeHtml(message)}</p>
</main>
</body>
</html>
`;
}

export const SITE_NOT_FOUND = {
  status: 404,
  error: 'site_not_found',
  title: 'Site not found',
  message: 'There is no website at this address.',
} as const;

/** An expired site (SPEC §4): its visitors see this until the owner renews. */
export const SITE_UNAVAILABLE = {
  status: 503,
  error: 'site_unavailable',
  title: 'This site is not available',
  message: 'This site is not available right now. If it is yours, sign in at /config/ to renew it.',
} as const;

/** A deleted site (restorable by its owner until purged): gone for visitors. */
export const SITE_GONE = {
  status: 410,
  error: 'site_deleted',
  title: 'This site is not available',
  message: 'This site is not available.',
} as const;

export const SERVICE_UNAVAILABLE = {
  status: 503,
  error: 'service_unavailable',
  title: 'Temporarily unavailable',
  message: 'This site cannot be reached right now. Please try again in a few moments.',
} as const;

export const PAGE_NOT_FOUND = {
  status: 404,
  error: 'not_found',
  title: 'Page not found',
  message: 'The page you are looking for does not exist.',
} as const;

export const SERVER_ERROR = {
  status: 500,
  error: 'server_error',
  title: 'Something went wrong',
  message: 'This page could not be displayed. Please try again later.',
} as const;

export const METHOD_NOT_ALLOWED = {
  status: 405,
  error: 'method_not_allowed',
  title: 'Method not allowed',
  message: 'This address can only be viewed, not sent to.',
} as const;

/** A page served without the theme: the fixed ones above, or a typed refusal (an ApiError on a page route). */
export interface PlainPage {
  readonly status: ApiError['status'];
  readonly error: string;
  readonly title: string;
  readonly message: string;
  /** The page's `lang` (English when absent). */
  readonly lang?: string;
}
