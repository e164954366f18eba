import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { ownerList } from '../../services/newsletter/owner-lists.js';
import { publishPopup, readPopup, savePopupDraft } from '../../services/popups/popups.js';
import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import { popupDesign } from '../../../domain/popups/popup.js';
import { ifMatchNumber, jsonBody } from '../validate.js';

async function answer(c: Context<AppEnv>) {
  const state = await readPopup(c.var.db, c.var.site.id);
  c.header('ETag', `"${state.revision}"`);
  return c.json(state);
}

/**
 * /api/owner/popup (docs/api/popups.md): the site's one promo popup, a draft saved with
 * If-Match and published (each publish raises its version), permission row `popups`.
 */
export const ownerPopupApi = new Hono<AppEnv>({ strict: false });

ownerPopupApi.get('/', requirePermission('popups'), answer);

ownerPopupApi.put('/', requirePermission('popups'), jsonBody(z.strictObject({ design: popupDesign })), async (c) => {
  const basedOn = ifMatchNumber(c, PAGE_MESSAGES.versionRequired);
  const { design } = c.req.valid('json');
  // A sign-up popup names one of this site's lists (SPEC §5 'A List must be selected').
  if (design.action.kind === 'newsletter') {
    await ownerList(c.var.db, c.var.site.id, design.action.listId).catch(() => {
      throw new ApiError(400, 'invalid_request', 'A List must be selected', { fields: { 'design.action.listId': 'A List must be selected' } });
    });
  }
  await savePopupDraft(c.var.db, c.var.site.id, basedOn, design);
  return answer(c);
});

ownerPopupApi.post('/publish', requirePermission('popups'), async (c) => {
  await publishPopup(c.var.db, c.var.site.id, ifMatchNumber(c, PAGE_MESSAGES.versionRequired));
  return answer(c);
});
