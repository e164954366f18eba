import { Hono } from 'hono';
import type { AppEnv } from '../../env.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { siteHeaderFooter, siteLayout } from '../../services/site-layout/read.js';

/**
 * SPEC §7 Site session and editor: the reads of the site's header/footer and layout that
 * the page editor shows around a page. Read-only here; editing them is a later slice.
 */
export const siteLayoutApi = new Hono<AppEnv>({ strict: false });

siteLayoutApi.get('/site-header-footer', requirePermission('pages'), async (c) => c.json(await siteHeaderFooter(c.var.db, c.var.site.id)));

siteLayoutApi.get('/commondata/GetSiteLayout', requirePermission('pages'), async (c) => c.json({ layout: await siteLayout(c.var.db, c.var.site.id) }));
