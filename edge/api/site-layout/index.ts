import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { codeBlocks, parseLayout, type PageLayout } from '../../../blocks/layout-schema.js';
import { safeHref } from '../../../blocks/safe-url.js';
import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { allows, requirePermission } from '../../middleware/roles/index.js';
import { readHeaderFooter, saveHeaderFooter } from '../../services/site-layout/header-footer.js';
import {
  NAVIGATION_MENUS, navigationTargets, saveNavigation, siteLayout, type NavigationItemInput, type NavigationMenu,
} from '../../services/site-layout/navigation.js';
import { listAreas } from '../../services/members/areas.js';
import { ifMatchNumber, jsonBody } from '../validate.js';

/** At most this many items in one navigation, children included (bounds one save's batch). */
const MAX_NAVIGATION_ITEMS = 100;
const MAX_URL_LENGTH = 2083;

const author = (c: Context<AppEnv>) => ({ id: c.get('siteUser')!.id, name: c.get('siteUser')!.email });

// SPEC §3 Navigation item: collectionId, externalLink, memberAreaId, children (plus ours:
// pageId for a block page, a title and newWindow). Checked further in `checkedItems`.
const itemFields = {
  title: z.string().trim().max(100).optional(),
  collectionId: z.string().max(64).optional(),
  pageId: z.string().max(64).optional(),
  externalLink: z.string().max(MAX_URL_LENGTH).optional(),
  memberAreaId: z.string().max(64).optional(),
  newWindow: z.boolean().default(false),
};
const childItem = z.strictObject(itemFields);
const navigationItem = z.strictObject({ ...itemFields, children: z.array(childItem).max(MAX_NAVIGATION_ITEMS).optional() });
const updateNavigation = z.strictObject({
  fieldName: z.string().max(50),
  // The theme the navigation belongs to; a site has one theme, so it is accepted and echoed.
  templateId: z.string().max(100).optional(),
  navigation: z.strictObject({ items: z.array(navigationItem).max(MAX_NAVIGATION_ITEMS) }),
});
type ItemIn = z.output<typeof navigationItem>;

/**
 * Each item links exactly one target: a collection or a block page of this site, or a link
 * the SPEC §5 link rules allow ('{val} is not a valid page URL' otherwise), or a member area of
 * this site (shown to its members only, docs/api/members.md). Problems are keyed by path (`navigation.items.0.children.1.externalLink`);
 * titles default to the target's.
 */
async function checkedItems(c: Context<AppEnv>, items: ItemIn[]): Promise<NavigationItemInput[]> {
  const fields: Record<string, string> = {};
  const flat: { path: string; item: ItemIn | z.output<typeof childItem> }[] = [];
  items.forEach((item, i) => {
    flat.push({ path: `navigation.items.${i}`, item });
    item.children?.forEach((child, j) => flat.push({ path: `navigation.items.${i}.children.${j}`, item: child }));
  });
  if (flat.length > MAX_NAVIGATION_ITEMS) fields['navigation.items'] = PAGE_MESSAGES.navigationTooBig;
  for (const { path, item } of flat) {
    const targets = [item.collectionId, item.pageId, item.externalLink, item.memberAreaId].filter((t) => t !== undefined);
    if (targets.length !== 1) fields[path] = PAGE_MESSAGES.oneTarget;
    else if (item.externalLink !== undefined && (item.externalLink.trim() === '' || safeHref(item.externalLink) === undefined)) {
      fields[`${path}.externalLink`] = PAGE_MESSAGES.invalidSlug(item.externalLink);
    }
  }
  const targets = await navigationTargets(c.var.db, c.var.site.id);
  const collections = new Set(targets.collections.map((t) => t.id));
  const pages = new Set(targets.pages.map((t) => t.id));
  const areas = flat.some(({ item }) => item.memberAreaId !== undefined) ? await listAreas(c.var.db, c.var.site.id) : [];
  for (const { path, item } of flat) {
    if (item.collectionId !== undefined && !collections.has(item.collectionId)) fields[`${path}.collectionId`] = PAGE_MESSAGES.collectionMissing;
    if (item.pageId !== undefined && !pages.has(item.pageId)) fields[`${path}.pageId`] = PAGE_MESSAGES.pageMissing;
    if (item.memberAreaId !== undefined && !areas.some((a) => a.id === item.memberAreaId)) fields[`${path}.memberAreaId`] = PAGE_MESSAGES.memberAreaMissing;
  }
  const first = Object.values(fields)[0];
  if (first !== undefined) throw new ApiError(400, 'invalid_navigation', first, { fields });
  const titleOf = (item: z.output<typeof childItem>) =>
    item.title ||
    targets.collections.find((t) => t.id === item.collectionId)?.title ||
    targets.pages.find((t) => t.id === item.pageId)?.title ||
    areas.find((a) => a.id === item.memberAreaId)?.name ||
    item.externalLink!.trim();
  const one = (item: z.output<typeof childItem>): NavigationItemInput => ({
    title: titleOf(item).slice(0, 100),
    collectionId: item.collectionId,
    pageId: item.pageId,
    externalLink: item.externalLink?.trim(),
    memberAreaId: item.memberAreaId,
    newWindow: item.newWindow,
  });
  return items.map((item) => ({ ...one(item), ...(item.children?.length ? { children: item.children.map(one) } : {}) }));
}

/** A header or footer layout: the page layout rules, with problems keyed `header.…` / `footer.…`. */
function checkedLayout(input: unknown, key: 'header' | 'footer'): PageLayout | null {
  if (input === null) return null;
  const check = parseLayout(input, key);
  if (!check.ok) throw new ApiError(400, 'invalid_layout', check.message, { fields: check.fields });
  return check.layout;
}

/**
 * SPEC §7 Site session and editor: the site layout (navigations) and the site header and
 * footer, read by every role that reads pages and written, versioned like page drafts
 * (If-Match, 412), by roles that may publish: both show on the live site at once.
 */
export const siteLayoutApi = new Hono<AppEnv>({ strict: false });

siteLayoutApi.get('/site-header-footer', requirePermission('pages'), async (c) => {
  const current = await readHeaderFooter(c.var.db, c.var.site.id);
  c.header('ETag', `"${current.version}"`);
  return c.json(current);
});

siteLayoutApi.put('/site-header-footer', requirePermission('siteLayout'), jsonBody(z.strictObject({ header: z.unknown(), footer: z.unknown() })), async (c) => {
  const basedOn = ifMatchNumber(c, PAGE_MESSAGES.versionRequired);
  const body = c.req.valid('json');
  const header = checkedLayout(body.header ?? null, 'header');
  const footer = checkedLayout(body.footer ?? null, 'footer');
  // Code blocks in the header or footer run on every page: only roles with `pageCode` add them.
  if (!allows('pageCode', c.get('siteUser')!.roles) && [header, footer].some((l) => l && codeBlocks(l).size > 0)) {
    throw new ApiError(403, 'forbidden', PAGE_MESSAGES.codeBlocksForbidden);
  }
  await saveHeaderFooter(c.var.db, c.var.site.id, basedOn, { header, footer }, author(c));
  const current = await readHeaderFooter(c.var.db, c.var.site.id);
  c.header('ETag', `"${current.version}"`);
  return c.json(current);
});

siteLayoutApi.get('/commondata/GetSiteLayout', requirePermission('pages'), async (c) => {
  const layout = await siteLayout(c.var.db, c.var.site.id);
  // SPEC §8: the layout's first navigation must be the main one.
  if (layout[0]?.identifier !== 'main-nav') throw new ApiError(404, 'navigation_not_found', PAGE_MESSAGES.noMainNavigation);
  return c.json({ layout });
});

// The editor's navigation collections list: what an item may link.
siteLayoutApi.get('/commondata/GetNavigationCollections', requirePermission('pages'), async (c) => c.json(await navigationTargets(c.var.db, c.var.site.id)));

siteLayoutApi.post('/widget/UpdateNavigation', requirePermission('siteLayout'), jsonBody(updateNavigation), async (c) => {
  const basedOn = ifMatchNumber(c, PAGE_MESSAGES.versionRequired);
  const body = c.req.valid('json');
  if (!(NAVIGATION_MENUS as readonly string[]).includes(body.fieldName)) {
    const message = PAGE_MESSAGES.notAnOption(body.fieldName);
    throw new ApiError(400, 'invalid_request', message, { fields: { fieldName: message } });
  }
  const items = await checkedItems(c, body.navigation.items);
  const version = await saveNavigation(c.var.db, c.var.site.id, body.fieldName as NavigationMenu, basedOn, items, author(c));
  const navigation = (await siteLayout(c.var.db, c.var.site.id)).find((n) => n.identifier === body.fieldName)!;
  c.header('ETag', `"${version}"`);
  return c.json({ fieldName: body.fieldName, templateId: body.templateId ?? null, navigation });
});
