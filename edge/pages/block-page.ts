import type { PageLayout } from '../../blocks/layout-schema.js';
import { findDraftPage, findPublishedPage, type ServedPage } from '../services/pages/published-page.js';
import { servedLanguageLayout } from '../services/pages/language-layouts.js';
import { previewedLanguageRevision } from '../services/pages/language-revisions.js';
import { layoutPlan } from '../../blocks/layout-plan.js';
import { loadBlockData } from './block-data.js';
import { baseContext } from './page-context.js';
import type { PageRequest } from './page-request.js';
import { PAGE_TYPE, type PageResult } from './page-types.js';
import { renderBlocks } from './render-page.js';
import { translateItemsIn, translateLayout } from '../services/multilingual/texts.js';

/**
 * `layout` as HTML for this request: its blocks' server loaders run (batched per type),
 * then blocks and sections render through the theme over the page's context `base`.
 * Undefined for `?format=json` answers, which have no theme and show the layout itself
 * (`atelier dev`'s get the layout's plan in `req.localLayouts`).
 * On a page of an added language the blocks' texts (by the page id) and the items their
 * loaders bring are translated first, the primary language filling what is missing.
 */
export async function layoutHtml(req: PageRequest, pageId: string, layout: PageLayout, base: Record<string, unknown>, ownLanguage = false): Promise<string | undefined> {
  if (!req.theme && !req.localLayouts) return undefined;
  const [blocks, table] = await Promise.all([loadBlockData(req, layout), req.translations]);
  if (table) for (const data of blocks.values()) translateItemsIn(data, table);
  // A language's own layout (issue 29) was written in that language: no translations over it.
  const shown = table && !ownLanguage ? translateLayout(layout, pageId, table) : layout;
  if (!req.theme) {
    // `atelier dev` renders it with the local theme (page-request.ts `localLayouts`).
    req.localLayouts!.push({ target: 'collection.mainContent', withPage: true, ...layoutPlan(shown, blocks) });
    return undefined;
  }
  return renderBlocks(await req.theme, req.site, shown, req.url.pathname, { blocks, page: base });
}

/**
 * The block page at `slug` this request shows: its draft in a contributor's preview
 * (`req.previewDraft`, set by the route after the role check), else its published revision.
 */
export async function servedPage(req: PageRequest, slug: string): Promise<ServedPage | undefined> {
  // Under a language's prefix `?preview&revision=N` names a revision of that language's own layout, when it has one.
  const revision = req.language ? undefined : req.previewRevision;
  const page = await (req.previewDraft ? findDraftPage(req.db, req.site.id, slug, revision) : findPublishedPage(req.db, req.site.id, slug));
  if (!page || !req.language) return page;
  if (req.previewDraft && req.previewRevision !== undefined) return languageRevisionPage(req, slug, page, req.language.code, req.previewRevision);
  // Under an added language's prefix, the page's own layout in that language when it has one
  // (issue 29): the published copy for visitors, the draft copy in a contributor's preview.
  const own = await servedLanguageLayout(req.db, page.id, req.language.code, req.previewDraft === true);
  return own ? { ...page, layout: own, ownLanguage: req.language.code } : page;
}

/** The history's preview under a language's prefix: revision `version` of its own layout, else (a shared language) of the page's. */
async function languageRevisionPage(req: PageRequest, slug: string, draft: ServedPage, language: string, version: number): Promise<ServedPage | undefined> {
  const own = await previewedLanguageRevision(req.db, draft.id, language, version);
  if (own === 'shared') return findDraftPage(req.db, req.site.id, slug, version);
  return own ? { ...draft, version, layout: own, ownLanguage: language } : undefined;
}

/** The page's title in the page's language (a `block` text of the page named `title`), when translated. */
async function titleIn(req: PageRequest, pageId: string, collection: Record<string, unknown>): Promise<void> {
  const title = (await req.translations)?.get('block', pageId, 'title');
  if (title !== undefined) collection.title = collection.navigationTitle = title;
}

/**
 * The rendered layout as the collection's `mainContent`, and `mainContentHasHeading` when it
 * has its own page title (an h1 of a text block, say): `page.html` then leaves out the
 * collection's title heading, so the page has one h1 (the demo's About and Contact did not).
 */
function setMainContent(collection: Record<string, unknown>, html: string): void {
  collection.mainContent = html;
  if (/<h1[\s>]/i.test(html)) collection.mainContentHasHeading = true;
}

/**
 * A plain page collection's (type 10: home, about, contact) content: the layout of the
 * block page with the collection's URL id, rendered into `collection.mainContent`; the
 * context's `page` names the revision (and holds the layout for `?format=json`).
 */
export async function withPageLayout(req: PageRequest, context: Record<string, unknown>, collection: Record<string, unknown>, page: ServedPage | undefined): Promise<void> {
  if (!page) return;
  await titleIn(req, page.id, collection);
  const html = await layoutHtml(req, page.id, page.layout, context, page.ownLanguage !== undefined);
  if (html !== undefined) setMainContent(collection, html);
  context.page = { id: page.id, version: page.version, publishedOn: page.publishedOn, layout: page.layout };
}

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
  if (page.socialImage) collection.socialImage = { assetUrl: page.socialImage };
  await titleIn(req, page.id, collection);
  const html = await layoutHtml(req, page.id, page.layout, base, page.ownLanguage !== undefined);
  if (html !== undefined) setMainContent(collection, html);
  return {
    status: 200,
    templates: ['page.html'],
    context: { ...base, collection, page: { id: page.id, version: page.version, publishedOn: page.publishedOn, layout: page.layout } },
  };
}
