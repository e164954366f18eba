import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { EMPTY_DOC, richTextDoc } from '../../../blocks/text/rich-text-schema.js';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { ownerLists } from '../../services/newsletter/owner-lists.js';
import { queueMail } from '../../services/mail/outbox.js';
import {
  cancelSchedule, CAMPAIGN_MESSAGES, countClick, countOpen, createCampaign, deleteCampaign, getCampaign, listCampaigns, startSend, updateCampaign, type OwnerCampaign,
} from '../../services/campaigns/campaigns.js';
import { campaignLinkSecret, verifyLink } from '../../services/campaigns/links.js';
import { mailBuilder } from '../../services/campaigns/send.js';
import { ifMatchNumber, jsonBody } from '../validate.js';

const campaignBody = z.strictObject({
  subject: z
    .string({ error: CAMPAIGN_MESSAGES.subjectRequired })
    .trim()
    .min(1, { error: CAMPAIGN_MESSAGES.subjectRequired })
    .max(200, { error: CAMPAIGN_MESSAGES.subjectTooLong }),
  listId: z.string().max(64).nullable().optional().default(null),
  body: richTextDoc.optional().default(EMPTY_DOC as never),
});

function answer(c: Context<AppEnv>, campaign: OwnerCampaign, status: 200 | 201 = 200) {
  c.header('ETag', `"${campaign.version}"`);
  return c.json({ campaign }, status);
}

const id = (c: Context<AppEnv>) => c.req.param('id')!;
const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin;

/** The mail builder of a campaign as the owner's request sees it (preview and test send). */
async function builderFor(c: Context<AppEnv>, campaign: OwnerCampaign) {
  return mailBuilder(
    c.var.db,
    { id: campaign.id, subject: campaign.subject, bodyHtml: campaign.bodyHtml, listId: campaign.listId, siteTitle: c.var.site.title, origin: origin(c) },
    campaignLinkSecret(c.env),
  );
}

/**
 * /api/owner/campaigns: email campaigns to a mailing list (docs/api/campaigns.md), permission
 * row `campaigns` (admins, website managers, campaigns editors).
 */
export const ownerCampaignsApi = new Hono<AppEnv>({ strict: false });

// The campaigns and the lists a campaign may go to, with their confirmed counts (the send dialog names it).
ownerCampaignsApi.get('/', requirePermission('campaigns'), async (c) => {
  const [campaigns, lists] = await Promise.all([listCampaigns(c.var.db, c.var.site.id), ownerLists(c.var.db, c.var.site.id)]);
  return c.json({ campaigns, lists: lists.map((l) => ({ id: l.id, name: l.name, confirmed: l.counts.confirmed })) });
});

ownerCampaignsApi.post('/', requirePermission('campaigns'), jsonBody(campaignBody), async (c) =>
  answer(c, await createCampaign(c.var.db, c.var.site.id, c.req.valid('json'), Date.now()), 201),
);

ownerCampaignsApi.get('/:id', requirePermission('campaigns'), async (c) => answer(c, await getCampaign(c.var.db, c.var.site.id, id(c))));

ownerCampaignsApi.put('/:id', requirePermission('campaigns'), jsonBody(campaignBody), async (c) => {
  const basedOn = ifMatchNumber(c, CAMPAIGN_MESSAGES.versionRequired, 16);
  return answer(c, await updateCampaign(c.var.db, c.var.site.id, id(c), basedOn, c.req.valid('json'), Date.now()));
});

ownerCampaignsApi.delete('/:id', requirePermission('campaigns'), async (c) => {
  const basedOn = ifMatchNumber(c, CAMPAIGN_MESSAGES.versionRequired, 16);
  await deleteCampaign(c.var.db, c.var.site.id, id(c), basedOn);
  return c.body(null, 204);
});

// The mail as a subscriber gets it (links signed for nobody, unsubscribe without a subscriber).
ownerCampaignsApi.get('/:id/preview', requirePermission('campaigns'), async (c) => {
  const campaign = await getCampaign(c.var.db, c.var.site.id, id(c));
  const mail = await (await builderFor(c, campaign))(null);
  return c.json({ subject: mail.subject, html: mail.html, text: mail.text });
});

// A test mail to the signed-in contributor's own address, through the outbox.
ownerCampaignsApi.post('/:id/test', requirePermission('campaigns'), async (c) => {
  const campaign = await getCampaign(c.var.db, c.var.site.id, id(c));
  if (!campaign.subject.trim()) throw new ApiError(400, 'invalid_request', CAMPAIGN_MESSAGES.subjectRequired, { fields: { subject: CAMPAIGN_MESSAGES.subjectRequired } });
  const mail = await (await builderFor(c, campaign))(null);
  const to = c.var.siteUser!.email;
  await queueMail(c.var.db, { websiteId: c.var.site.id, to, subject: `[Test] ${mail.subject}`, text: mail.text, html: mail.html, kind: 'campaign-test' });
  return c.json({ sentTo: to });
});

ownerCampaignsApi.post('/:id/send', requirePermission('campaigns'), async (c) => {
  const basedOn = ifMatchNumber(c, CAMPAIGN_MESSAGES.versionRequired, 16);
  return answer(c, await startSend(c.var.db, c.var.site.id, id(c), basedOn, origin(c), null, Date.now()));
});

ownerCampaignsApi.post(
  '/:id/schedule',
  requirePermission('campaigns'),
  jsonBody(z.strictObject({ at: z.number({ error: CAMPAIGN_MESSAGES.scheduleAhead }).int().min(0).max(8.64e15) })),
  async (c) => {
    const basedOn = ifMatchNumber(c, CAMPAIGN_MESSAGES.versionRequired, 16);
    return answer(c, await startSend(c.var.db, c.var.site.id, id(c), basedOn, origin(c), c.req.valid('json').at, Date.now()));
  },
);

ownerCampaignsApi.post('/:id/cancel', requirePermission('campaigns'), async (c) => {
  const basedOn = ifMatchNumber(c, CAMPAIGN_MESSAGES.versionRequired, 16);
  return answer(c, await cancelSchedule(c.var.db, c.var.site.id, id(c), basedOn, Date.now()));
});

const clickQuery = z.object({ c: z.string().min(1).max(64), r: z.string().max(64), u: z.string().min(1).max(4000), s: z.string().min(1).max(100) });

/**
 * GET /api/campaigns/click: a campaign mail's link. A good signature counts the click (for a
 * recipient; a test mail's links count nothing) and redirects to the target; anything else is
 * 400 and never redirects.
 */
export const campaignClicksApi = new Hono<AppEnv>({ strict: false });

campaignClicksApi.get('/click', async (c) => {
  const parsed = clickQuery.safeParse(c.req.query());
  const secret = campaignLinkSecret(c.env);
  const invalid = () => new ApiError(400, 'invalid_link', 'This link is not valid.');
  if (!parsed.success || !secret) throw invalid();
  const { c: campaignId, r, u, s } = parsed.data;
  if (!/^https?:\/\//i.test(u) || !(await verifyLink(secret, campaignId, r, u, s))) throw invalid();
  if (r) await countClick(c.var.db, campaignId, r);
  return c.redirect(u, 302);
});

// A transparent 1×1 GIF.
const PIXEL = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (ch) => ch.charCodeAt(0));
const openQuery = z.object({ c: z.string().min(1).max(64), r: z.string().min(1).max(64), s: z.string().min(1).max(100) });

/** GET /api/campaigns/open: a recipient's open pixel; a good signature records the first open. */
campaignClicksApi.get('/open', async (c) => {
  const parsed = openQuery.safeParse(c.req.query());
  const secret = campaignLinkSecret(c.env);
  if (!parsed.success || !secret || !(await verifyLink(secret, parsed.data.c, parsed.data.r, 'open-pixel', parsed.data.s))) {
    throw new ApiError(400, 'invalid_link', 'This link is not valid.');
  }
  await countOpen(c.var.db, parsed.data.c, parsed.data.r, Date.now());
  // Mail clients on other origins load it (like product images in order mail).
  return c.body(PIXEL, 200, { 'Content-Type': 'image/gif', 'Cross-Origin-Resource-Policy': 'cross-origin' });
});
