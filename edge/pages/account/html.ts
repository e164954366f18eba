import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { AppEnv } from '../../env.js';
import { crumbFor } from '../../middleware/crumb/index.js';
import { themedAccountPage } from './themed-account.js';
import { localizeLinks } from '../language-links.js';
import { labelValueParts } from '../../../domain/languages/label-value.js';
import type { StoreTexts } from '../../../domain/languages/store-texts.js';

/** Markup built with hono's `html` tag: every interpolated value is escaped. */
export type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

/**
 * A server-rendered account or owner-area page: the site's stylesheet, no inline script
 * (the CSP forbids it), never cached (it holds the visitor's crumb and data). `script` is
 * a module of the client build (the owner app on /config/ screens). A shopper's account
 * page is framed by the site's own layout (header with navigation and cart, footer) when
 * the theme has one (themed-account.ts); the owner area keeps its plain frame.
 */
export async function accountPage(
  c: Context<AppEnv>,
  title: string,
  body: Markup,
  status = 200,
  area: 'account' | 'config' = 'account',
  script?: string,
  stylesheets: readonly string[] = [],
): Promise<Response> {
  c.header('Cache-Control', 'no-store');
  // `/<language>/account/...` (issue 29): in that language, its links and form posts under its prefix.
  const language = area === 'account' ? c.var.language : undefined;
  if (language) c.header('Content-Language', language.code);
  const localized = (page: string) => (language ? localizeLinks(page, language.prefix) : page);
  if (area === 'account') {
    const themed = await themedAccountPage(c, title, body);
    if (themed !== undefined) {
      // Never indexed (the plain frame says it with a meta tag).
      c.header('X-Robots-Tag', 'noindex');
      return c.html(localized(themed), status as 200);
    }
  }
  const document = noindexDocument({
    lang: language?.code ?? c.var.site.locale,
    title: `${title} · ${c.var.site.title}`,
    head: html`<link rel="stylesheet" href="/theme/assets/site.css">
${stylesheets.map((href) => html`<link rel="stylesheet" href="${href}">`)}
${script ? html`<script type="module" src="${script}"></script>` : ''}`,
    bodyClass: `${area}-page`,
    body: html`${stylesheets.length > 0 ? html`<main class="${area}">` : html`<main class="${area}" style="max-width: 40rem; margin: 2rem auto; padding: 0 1rem">`}
<p><a href="/">${c.var.site.title}</a></p>
${body}
</main>`,
  });
  return c.html(language ? localized(String(await document)) : document, status as 200);
}

/**
 * The document of a page no search engine may index and no cache may keep (account pages,
 * the owner area's frame, the platform host): the head's fixed lines, then `head`, then `body`.
 */
export function noindexDocument(page: { lang: string; title: string; head: Markup; bodyClass: string; body: Markup }): Markup {
  return html`<!doctype html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${page.title}</title>
${page.head}
</head>
<body class="${page.bodyClass}">
${page.body}
</body>
</html>`;
}

/** The hidden CSRF field every form carries (requireCrumb reads it). */
export function crumbField(c: Context<AppEnv>): Markup {
  return html`<input type="hidden" name="crumb" value="${crumbFor(c)}">`;
}

/** An error or notice line above a form; nothing when there is no message. */
export function notice(message: string | undefined, kind: 'error' | 'info' = 'error'): Markup {
  if (!message) return html``;
  return html`<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}" data-notice="${kind}">${message}</p>`;
}

/** A one-button POST form (sign-out, remove). */
export function actionButton(c: Context<AppEnv>, action: string, label: string, fields: Record<string, string> = {}): Markup {
  const hidden = Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);
  return html`<form method="post" action="${action}" class="inline-form">${crumbField(c)}${hidden}<button type="submit" class="button button-secondary">${label}</button></form>`;
}

export { html };

/**
 * 'Label: value' in the page's language (the store text `labelValue`: French 'État : Actif'
 * with a no-break space before the colon), `value` markup or text.
 * @example labelled(t, t.accountStatus, 'Active') // 'Status: Active'
 */
export function labelled(t: Pick<StoreTexts, 'labelValue'>, label: string, value: Markup | string | number): Markup {
  const { before, between, after } = labelValueParts(t);
  return html`${before}${label}${between}${value}${after}`;
}
