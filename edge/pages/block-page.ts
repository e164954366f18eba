import type { ServedPage } from '../services/pages/published-page.js';
import { baseContext } from './page-context.js';
import type { PageRequest } from './page-request.js';
import { PAGE_TYPE, type PageResult } from './page-types.js';
import { renderBlocks } from './render-page.js';

/**
 * A page built from sections and blocks (SPEC §2 page type 2), from its published
 * revision only. The layout renders here through the theme (blocks and sections) and
 * becomes the page's `mainContent`, which `page.html` places inside the site's layout;
 * `?format=json` shows the layout itself.
 */
export async function blockPage(req: PageRequest, page: ServedPage): Promise<PageResult> {
  const base = await baseContext(req, PAGE_TYPE.page, 'page', page.id);
  const collection: Record<string, unknown> = {
    id: page.id,
    title: page.title,
    urlId: page.slug,
    fullUrl: `/${page.slug}`,
    typeName: 'page',
    navigationTitle: page.title,
  };
  if (page.seoTitle) collection.seoTitle = page.seoTitle;
  if (page.seoDescription) collection.seoDescription = page.seoDescription;
  if (req.theme) collection.mainContent = renderBlocks(await req.theme, req.site, page.layout, req.url.pathname);
  return {
    status: 200,
    templates: ['page.html'],
    context: { ...base, collection, page: { id: page.id, version: page.version, publishedOn: page.publishedOn, layout: page.layout } },
  };
}
