import type { Context } from 'hono';
import type { AppEnv } from '../env.js';
import { loadClientAssetUrls } from '../files/client-manifest.js';
import { TemplateMissingError } from '../errors.js';
import { METHOD_NOT_ALLOWED, PAGE_NOT_FOUND, plainPage, type PlainPage } from './fallback-pages.js';
import { activeCaptchaSiteKey } from '../services/captcha/index.js';
import type { PageRequest } from './page-request.js';
import type { PageResult } from './page-types.js';
import { renderThemed } from './render-page.js';
import { loadTheme } from './theme-templates.js';
import { mayPreviewTheme, previewTheme, THEME_PREVIEW_PARAM, THEME_RENDER_HEADER, versionThemeLinks } from './theme-preview.js';
import { defaultPartials } from '../../blocks/layout-plan.js';
import { loadPageShell } from '../services/page-shell.js';
import { seoJson } from './seo/meta.js';
import { pageUrl } from './cache-policy.js';
import { siteStylesView } from './site-styles-view.js';
import { pageTranslations } from './page-translations.js';
import { translateItemsIn } from '../services/multilingual/texts.js';
import { STORE_TEXTS_ENTITY, storeTexts } from '../../domain/languages/store-texts.js';
import { addSubscriptionStrings } from './context/subscription-strings.js';
import { localizeLinks } from './language-links.js';

/** `?format=json` on any published URL returns the page context instead of HTML. */
export function wantsJson(c: Context<AppEnv>): boolean {
  return c.req.query('format') === 'json';
}

export function pageRequest(c: Context<AppEnv>): PageRequest {
  const shell = loadPageShell(c.var.db, c.var.site.id, c.var.site.locale);
  // A failure surfaces where it is awaited; unhandled here it would only be noise.
  shell.catch(() => undefined);
  const language = c.var.language;
  const req: PageRequest = {
    db: c.var.db,
    // A page of an added language renders money, numbers and dates in that language (engine locale).
    site: language ? { ...c.var.site, locale: language.code } : c.var.site,
    url: pageUrl(language?.publicUrl ?? c.req.url), now: Date.now(), shell,
    captchaSiteKey: activeCaptchaSiteKey(c.env, c.var.site),
    captchaProvider: c.env.CAPTCHA_PROVIDER,
    signedIn: Boolean(c.var.siteUser),
    ...(c.var.siteUser ? { siteUserId: c.var.siteUser.id } : {}),
  };
  const translations = pageTranslations(c);
  if (language && translations) {
    req.language = language;
    req.translations = translations;
  }
  if (wantsJson(c) && c.req.header(THEME_RENDER_HEADER) === 'local') req.localLayouts = [];
  if (!wantsJson(c)) {
    // Overlaps the theme's queries with the context's. `?theme_version=N` previews a version (theme-preview.ts).
    const live = () => loadTheme(req.db, req.site.id, shell.then((s) => s.themeRefs));
    req.theme = c.req.query(THEME_PREVIEW_PARAM) === undefined ? live() : previewTheme(c).then((preview) => preview ?? live());
    req.theme.catch(() => undefined);
  }
  return req;
}

/** A fallback page as HTML, or as the JSON error shape with `?format=json`. */
export function plainResponse(c: Context<AppEnv>, page: PlainPage, headers: Record<string, string> = {}): Response {
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  if (wantsJson(c)) return c.json({ error: page.error, message: page.message }, page.status);
  return c.html(plainPage(page.title, page.message, page.lang), page.status);
}

/** Renders a resolved page with the site's theme (or returns its context as JSON). */
export async function respond(c: Context<AppEnv>, req: PageRequest, result: PageResult): Promise<Response> {
  // Products and posts anywhere in the context read in the page's language (issue 29).
  if (req.translations) {
    const table = await req.translations;
    translateItemsIn(result.context, table);
    // Their subscription prices too: the product-price formatter's strings in the page's language.
    addSubscriptionStrings(result.context, storeTexts((key) => table.get('system', STORE_TEXTS_ENTITY, key)));
  }
  result.context.seo = seoJson(result.context, req.site, req.url);
  const website = result.context.website as { language?: unknown } | undefined;
  if (typeof website?.language === 'string') c.header('Content-Language', website.language);
  if (wantsJson(c)) {
    // The templates that render this page, first found wins (`atelier dev` renders them locally).
    c.header('X-Theme-Templates', result.templates.join(', '));
    if (req.localLayouts && (await mayPreviewTheme(c))) {
      // `atelier dev`: also what the layout reads when rendered, and the block layouts to render locally.
      const [clientAssets, siteStyles] = await Promise.all([loadClientAssetUrls(c.env.ASSETS), siteStylesView(req)]);
      const local = { ...(clientAssets ? { clientAssets } : {}), ...(siteStyles ? { siteStyles } : {}), themeBlocks: { defaults: defaultPartials(req.localLayouts), layouts: req.localLayouts } };
      return c.json({ ...result.context, ...local }, result.status);
    }
    return c.json(result.context, result.status);
  }
  try {
    const [theme, clientAssets, siteStyles] = await Promise.all([req.theme ?? loadTheme(req.db, req.site.id), loadClientAssetUrls(c.env.ASSETS), siteStylesView(req)]);
    // The layout links the islands' loader (its hashed URL comes from the Vite manifest) and
    // emits the site styles (custom properties, font stylesheets) when the site has some.
    const data = { ...result.context, ...(clientAssets ? { clientAssets } : {}), ...(siteStyles ? { siteStyles } : {}) };
    const rendered = renderThemed(theme, req.site, result.templates, data, req.url.pathname);
    // A version's preview links its own static files (theme-preview.ts).
    const html = theme.version !== undefined ? versionThemeLinks(rendered, theme.version) : rendered;
    return c.html(req.language ? localizeLinks(html, req.language.prefix) : html, result.status);
  } catch (err) {
    // A theme without a not-found (or status) template still answers 404 (405), not 500.
    if (err instanceof TemplateMissingError && (result.status === 404 || result.status === 405)) {
      console.warn(`theme of ${req.site.id} has no ${err.path}`);
      return plainResponse(c, result.status === 404 ? PAGE_NOT_FOUND : METHOD_NOT_ALLOWED);
    }
    throw err;
  }
}
