import type { Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { loadClientAssetUrls } from '../../files/client-manifest.js';
import { baseContext } from '../page-context.js';
import { translateItemsIn } from '../../services/multilingual/texts.js';
import { PAGE_TYPE } from '../page-types.js';
import { renderInLayout } from '../render-page.js';
import { pageRequest } from '../respond.js';
import { siteStylesView } from '../site-styles-view.js';
import type { HtmlEscapedString } from 'hono/utils/html';

/**
 * A shopper's account page inside the site's own layout (issue 31): the theme's header with
 * the navigation, search, cart and account links, its footer, and the islands' loader (cart
 * pill), like every storefront page. The page's `collection.title` names it in `<title>`.
 * Undefined when the site's theme has no layout or cannot be loaded: the caller then serves
 * the plain frame, so an account page always answers.
 */
export async function themedAccountPage(c: Context<AppEnv>, title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>): Promise<string | undefined> {
  try {
    const req = pageRequest(c);
    const [base, theme, clientAssets, siteStyles, content] = await Promise.all([
      baseContext(req, PAGE_TYPE.page, 'account'),
      req.theme!,
      loadClientAssetUrls(c.env.ASSETS),
      siteStylesView(req),
      body,
    ]);
    // The footer's newsletter form in the page's language, as respond() does for every other page (issue 29).
    if (req.translations) translateItemsIn(base, await req.translations);
    const data = { ...base, collection: { title }, ...(clientAssets ? { clientAssets } : {}), ...(siteStyles ? { siteStyles } : {}) };
    return renderInLayout(theme, req.site, data, `<div class="account-body">\n${String(content)}\n</div>`, req.url.pathname);
  } catch (err) {
    console.warn(`account page ${c.req.path} in the plain frame: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}
