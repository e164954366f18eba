import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import { fontCssUrl, FONT_FAMILIES } from '../../../domain/site-styles/fonts.js';
import { siteStylesSchema } from '../../../domain/site-styles/site-styles.js';
import type { AppEnv } from '../../env.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { publishStyles, readSiteStyles, saveStylesDraft } from '../../services/site-styles/site-styles.js';
import { ifMatchNumber, jsonBody } from '../validate.js';

async function answer(c: Context<AppEnv>) {
  const state = await readSiteStyles(c.var.db, c.var.site.id);
  c.header('ETag', `"${state.draft.version}"`);
  return c.json(state);
}

/**
 * The site styles (docs/api/site-styles.md): a versioned document with a draft and a
 * published version, like a page. Every contributor who reads pages reads them; roles that
 * save page drafts save the draft (seen only in `?preview`); publishing, which every
 * visitor sees at once, needs the site layout right.
 */
export const siteStylesApi = new Hono<AppEnv>({ strict: false });

siteStylesApi.get('/', requirePermission('pages'), answer);

// The fonts a document may name: the design screen's font browser lists these.
siteStylesApi.get('/fonts', requirePermission('pages'), (c) =>
  c.json({ fonts: FONT_FAMILIES.map(({ id, name, category, weights, stack, hosted }) => ({ id, name, category, weights, stack, stylesheet: hosted ? fontCssUrl(id) : null })) }),
);

siteStylesApi.put('/draft', requirePermission('pageDrafts'), jsonBody(z.strictObject({ styles: siteStylesSchema })), async (c) => {
  const basedOn = ifMatchNumber(c, PAGE_MESSAGES.versionRequired);
  const user = c.get('siteUser')!;
  await saveStylesDraft(c.var.db, c.var.site.id, basedOn, c.req.valid('json').styles, { id: user.id, name: user.email });
  return answer(c);
});

siteStylesApi.post('/publish', requirePermission('siteLayout'), async (c) => {
  const version = ifMatchNumber(c, PAGE_MESSAGES.versionRequired);
  await publishStyles(c.var.db, c.var.site.id, version);
  return answer(c);
});
