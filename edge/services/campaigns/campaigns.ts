import type { CampaignState } from '../../../schema/campaigns.js';
import { richTextHtml } from '../../../blocks/text/rich-text.js';
import type { RichTextNode } from '../../../blocks/text/rich-text-schema.js';
import { ApiError } from '../../errors.js';
import { newId } from '../accounts/tokens.js';
import { query, type Db } from '../db.js';
import { d1Of } from '../forms/d1.js';

/**
 * The owner's email campaigns (docs/api/campaigns.md). A campaign's `version` rises by one on
 * every change; each change is one conditional UPDATE naming the version it was based on and
 * the states it may leave, so a stale screen gets 412 and a race has one winner.
 */
export const CAMPAIGN_MESSAGES = {
  notFound: 'No such campaign on this site.',
  subjectRequired: 'Add an email subject',
  subjectTooLong: 'An email subject is at most 200 characters.',
  listRequired: 'A List must be selected',
  scheduleAhead: 'Choose a time to come for a scheduled send.',
  versionConflict: 'Someone else changed this campaign since you opened it. Reload to see their changes, then edit again.',
  versionRequired: 'Send the version you edited in an If-Match header.',
  notDraft: 'Only a draft can be changed. Cancel the scheduled send first.',
  notScheduled: 'This campaign is not scheduled.',
  alreadySending: 'This campaign is already being sent.',
} as const;

export interface CampaignInput {
  subject: string;
  listId: string | null;
  body: RichTextNode;
}

interface Row {
  id: string;
  list_id: string | null;
  list_name: string | null;
  subject: string;
  body_doc: string;
  body_html: string;
  state: CampaignState;
  scheduled_for: number | null;
  version: number;
  created_on: number;
  updated_on: number;
  sent_on: number | null;
  recipient_count: number;
  sent_count: number;
  click_count: number;
  open_count: number;
}

const SELECT = `SELECT c.id, c.list_id, l.name AS list_name, c.subject, c.body_doc, c.body_html, c.state, c.scheduled_for, c.version,
  c.created_on, c.updated_on, c.sent_on, c.recipient_count, c.sent_count, c.click_count, c.open_count
  FROM campaigns c LEFT JOIN mailing_lists l ON l.id = c.list_id`;

function campaignJson(row: Row) {
  return {
    id: row.id, listId: row.list_id, listName: row.list_name, subject: row.subject,
    body: JSON.parse(row.body_doc) as RichTextNode, bodyHtml: row.body_html,
    state: row.state, scheduledFor: row.scheduled_for, version: row.version,
    createdOn: row.created_on, updatedOn: row.updated_on, sentOn: row.sent_on,
    counts: { recipients: row.recipient_count, sent: row.sent_count, clicks: row.click_count, opens: row.open_count },
  };
}
export type OwnerCampaign = ReturnType<typeof campaignJson>;

/** A site's campaigns, newest first. */
export async function listCampaigns(db: Db, websiteId: string): Promise<OwnerCampaign[]> {
  const rows = await query(() => d1Of(db).prepare(`${SELECT} WHERE c.website_id = ?1 ORDER BY c.created_on DESC, c.id DESC`).bind(websiteId).all<Row>());
  return rows.results.map(campaignJson);
}

export async function getCampaign(db: Db, websiteId: string, id: string): Promise<OwnerCampaign> {
  const row = await query(() => d1Of(db).prepare(`${SELECT} WHERE c.website_id = ?1 AND c.id = ?2`).bind(websiteId, id).first<Row>());
  if (!row) throw new ApiError(404, 'not_found', CAMPAIGN_MESSAGES.notFound);
  return campaignJson(row);
}

/** Refuses a list that is not the site's, naming the listId field. */
async function assertList(db: Db, websiteId: string, listId: string | null): Promise<void> {
  if (listId === null) return;
  const row = await query(() => d1Of(db).prepare('SELECT 1 AS ok FROM mailing_lists WHERE id = ?1 AND website_id = ?2').bind(listId, websiteId).first());
  if (!row) throw new ApiError(400, 'invalid_request', CAMPAIGN_MESSAGES.listRequired, { fields: { listId: CAMPAIGN_MESSAGES.listRequired } });
}

export async function createCampaign(db: Db, websiteId: string, input: CampaignInput, now: number): Promise<OwnerCampaign> {
  await assertList(db, websiteId, input.listId);
  const id = newId();
  await query(() =>
    d1Of(db)
      .prepare(
        `INSERT INTO campaigns (id, website_id, list_id, subject, body_doc, body_html, state, version, created_on, updated_on)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'draft', 1, ?7, ?7)`,
      )
      .bind(id, websiteId, input.listId, input.subject, JSON.stringify(input.body), richTextHtml(input.body), now)
      .run(),
  );
  return getCampaign(db, websiteId, id);
}

/** Why a conditional write changed nothing: gone (404), moved on (412), or in another state (409). */
async function refusal(db: Db, websiteId: string, id: string, basedOn: number, from: readonly CampaignState[]): Promise<never> {
  const now = await getCampaign(db, websiteId, id);
  if (now.version !== basedOn) throw new ApiError(412, 'version_conflict', CAMPAIGN_MESSAGES.versionConflict, { extra: { current: { version: now.version } } });
  if (!from.includes(now.state)) {
    const message = !from.includes('draft') ? CAMPAIGN_MESSAGES.notScheduled : now.state === 'scheduled' ? CAMPAIGN_MESSAGES.notDraft : CAMPAIGN_MESSAGES.alreadySending;
    throw new ApiError(409, 'wrong_state', message, { extra: { current: { version: now.version, state: now.state } } });
  }
  throw new Error(`campaign ${id} write changed nothing`);
}

export async function updateCampaign(db: Db, websiteId: string, id: string, basedOn: number, input: CampaignInput, now: number): Promise<OwnerCampaign> {
  await assertList(db, websiteId, input.listId);
  const write = await query(() =>
    d1Of(db)
      .prepare(
        `UPDATE campaigns SET list_id = ?4, subject = ?5, body_doc = ?6, body_html = ?7, version = version + 1, updated_on = ?8
         WHERE website_id = ?1 AND id = ?2 AND version = ?3 AND state = 'draft'`,
      )
      .bind(websiteId, id, basedOn, input.listId, input.subject, JSON.stringify(input.body), richTextHtml(input.body), now)
      .run(),
  );
  if (!write.meta.changes) await refusal(db, websiteId, id, basedOn, ['draft']);
  return getCampaign(db, websiteId, id);
}

/** Deletes a draft (a scheduled one is cancelled first; a sent one stays as the record). */
export async function deleteCampaign(db: Db, websiteId: string, id: string, basedOn: number): Promise<void> {
  const gone = await query(() =>
    d1Of(db).prepare(`DELETE FROM campaigns WHERE website_id = ?1 AND id = ?2 AND version = ?3 AND state = 'draft'`).bind(websiteId, id, basedOn).run(),
  );
  if (!gone.meta.changes) await refusal(db, websiteId, id, basedOn, ['draft']);
}

/** Checks a campaign can go out: a subject and a list of the site. */
function assertSendable(campaign: OwnerCampaign): void {
  if (!campaign.subject.trim()) throw new ApiError(400, 'invalid_request', CAMPAIGN_MESSAGES.subjectRequired, { fields: { subject: CAMPAIGN_MESSAGES.subjectRequired } });
  if (!campaign.listId) throw new ApiError(400, 'invalid_request', CAMPAIGN_MESSAGES.listRequired, { fields: { listId: CAMPAIGN_MESSAGES.listRequired } });
}

/**
 * Moves a draft to `sending` (at = null: the next Cron Trigger run starts it) or `scheduled`
 * (at a time to come), remembering the origin its mails' links start with.
 */
export async function startSend(db: Db, websiteId: string, id: string, basedOn: number, origin: string, at: number | null, now: number): Promise<OwnerCampaign> {
  const campaign = await getCampaign(db, websiteId, id);
  assertSendable(campaign);
  if (at !== null && at <= now) throw new ApiError(400, 'invalid_request', CAMPAIGN_MESSAGES.scheduleAhead, { fields: { at: CAMPAIGN_MESSAGES.scheduleAhead } });
  const write = await query(() =>
    d1Of(db)
      .prepare(
        `UPDATE campaigns SET state = ?4, scheduled_for = ?5, origin = ?6, version = version + 1, updated_on = ?7
         WHERE website_id = ?1 AND id = ?2 AND version = ?3 AND state = 'draft' AND list_id IS NOT NULL`,
      )
      .bind(websiteId, id, basedOn, at === null ? 'sending' : 'scheduled', at, origin, now)
      .run(),
  );
  if (!write.meta.changes) await refusal(db, websiteId, id, basedOn, ['draft']);
  return getCampaign(db, websiteId, id);
}

/** A scheduled campaign back to a draft (before the Cron Trigger picked it up). */
export async function cancelSchedule(db: Db, websiteId: string, id: string, basedOn: number, now: number): Promise<OwnerCampaign> {
  const write = await query(() =>
    d1Of(db)
      .prepare(
        `UPDATE campaigns SET state = 'draft', scheduled_for = NULL, version = version + 1, updated_on = ?4
         WHERE website_id = ?1 AND id = ?2 AND version = ?3 AND state = 'scheduled'`,
      )
      .bind(websiteId, id, basedOn, now)
      .run(),
  );
  if (!write.meta.changes) await refusal(db, websiteId, id, basedOn, ['scheduled']);
  return getCampaign(db, websiteId, id);
}

/** Records a recipient's first open; the campaign's count is the number of recipients who opened, in the same batch. */
export async function countOpen(db: Db, campaignId: string, subscriberId: string, now: number): Promise<void> {
  const d1 = d1Of(db);
  await query(() =>
    d1.batch([
      d1.prepare('UPDATE campaign_recipients SET opened_on = ?3 WHERE campaign_id = ?1 AND subscriber_id = ?2 AND opened_on IS NULL').bind(campaignId, subscriberId, now),
      d1.prepare('UPDATE campaigns SET open_count = (SELECT count(*) FROM campaign_recipients WHERE campaign_id = ?1 AND opened_on IS NOT NULL) WHERE id = ?1').bind(campaignId),
    ]),
  );
}

/** Counts a click of a signed link: the recipient's and the campaign's counters in one batch. */
export async function countClick(db: Db, campaignId: string, subscriberId: string): Promise<void> {
  const d1 = d1Of(db);
  await query(() =>
    d1.batch([
      d1.prepare('UPDATE campaign_recipients SET clicks = clicks + 1 WHERE campaign_id = ?1 AND subscriber_id = ?2').bind(campaignId, subscriberId),
      d1
        .prepare('UPDATE campaigns SET click_count = click_count + 1 WHERE id = ?1 AND EXISTS (SELECT 1 FROM campaign_recipients WHERE campaign_id = ?1 AND subscriber_id = ?2)')
        .bind(campaignId, subscriberId),
    ]),
  );
}
