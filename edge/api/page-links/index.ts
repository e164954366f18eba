import { Hono } from 'hono';
import type { AppEnv } from '../../env.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { pageLinks } from '../../services/pages/page-links.js';

/**
 * GET /api/owner/page-links: the site's published pages and collections (id, title, path) for
 * the campaign editor's link picker and the popup's chosen pages (docs/api/page-links.md);
 * permission row `pageLinks` (whoever may edit campaigns or popups).
 */
export const ownerPageLinksApi = new Hono<AppEnv>({ strict: false });

ownerPageLinksApi.get('/', requirePermission('pageLinks'), async (c) => c.json({ pages: await pageLinks(c.var.db, c.var.site.id) }));
