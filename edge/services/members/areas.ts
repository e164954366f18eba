/**
 * Member areas (issue 30): pages only members read, and who is a member. Owner edits of an
 * area are versioned (If-Match): one conditional UPDATE on the version, never read-modify-write.
 */
import { and, asc, eq, inArray, isNull, or, gt, sql } from 'drizzle-orm';
import { collections, memberAreaCollections, memberAreaPages, memberAreas, memberships, pages, siteUsers, subscriptions } from '../../../schema/index.js';
import { bumpStatement } from '../content-version.js';
import { newId, normaliseEmail } from '../accounts/tokens.js';
import { forgetSite } from '../site-versions.js';
import { query, type Db } from '../db.js';
import type { AreaAccess, AreaView, MemberPlan, MemberRow, ProtectableCollection } from '../../../domain/members/member-views.js';

export interface AreaPageInput {
  pageId: string;
  /** The first sections every visitor sees; null protects the whole page. */
  teaserSections: number | null;
}

export interface AreaInput {
  name: string;
  access: AreaAccess;
  priceCents: number;
  currency: string;
  pages: AreaPageInput[];
  /** The collections (blogs, stores, galleries) whose page and items only members read. */
  collections: string[];
}

/** A protected page's area and how much of it is a public teaser. */
export interface PageProtection {
  areaId: string;
  areaName: string;
  access: AreaAccess;
  priceCents: number;
  currency: string;
  teaserSections: number | null;
}

export class AreaPagesError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields)[0]);
  }
}

/** Every area of the site with its pages and how many active members it has. */
export async function listAreas(db: Db, websiteId: string): Promise<AreaView[]> {
  const [areas, areaPages, counts, areaCollections] = await query(() =>
    db.batch([
      db.select().from(memberAreas).where(eq(memberAreas.websiteId, websiteId)).orderBy(asc(memberAreas.createdOn), asc(memberAreas.id)),
      db
        .select({ areaId: memberAreaPages.areaId, pageId: memberAreaPages.pageId, teaserSections: memberAreaPages.teaserSections, title: pages.title, slug: pages.slug })
        .from(memberAreaPages)
        .innerJoin(pages, eq(pages.id, memberAreaPages.pageId))
        .where(eq(memberAreaPages.websiteId, websiteId))
        .orderBy(asc(pages.title)),
      db
        .select({ areaId: memberships.areaId, n: sql<number>`count(*)` })
        .from(memberships)
        .where(and(eq(memberships.websiteId, websiteId), activeNow(Date.now())))
        .groupBy(memberships.areaId),
      db
        .select({ areaId: memberAreaCollections.areaId, collectionId: memberAreaCollections.collectionId, title: collections.title, fullUrl: collections.fullUrl })
        .from(memberAreaCollections)
        .innerJoin(collections, eq(collections.id, memberAreaCollections.collectionId))
        .where(eq(memberAreaCollections.websiteId, websiteId))
        .orderBy(asc(collections.title)),
    ]),
  );
  return areas.map((a) => ({
    id: a.id,
    name: a.name,
    access: a.access,
    priceCents: a.priceCents,
    currency: a.currency,
    version: a.version,
    pages: areaPages.filter((p) => p.areaId === a.id).map(({ areaId: _, ...p }) => p),
    collections: areaCollections.filter((p) => p.areaId === a.id).map(({ areaId: _, ...p }) => p),
    activeMembers: counts.find((c) => c.areaId === a.id)?.n ?? 0,
  }));
}

export async function findArea(db: Db, websiteId: string, id: string): Promise<AreaView | undefined> {
  return (await listAreas(db, websiteId)).find((a) => a.id === id);
}

/** Why a collection's own content (home, about) cannot be locked: it is served as the collection. */
export const PROTECT_COLLECTION_CONTENT = 'This page is the content of a collection and cannot be protected.';

/** 1 when the page is a plain collection's content (served at the collection's URL, not its own). */
const collectionContent = () =>
  sql<number>`exists (select 1 from ${collections} where ${collections.websiteId} = ${pages.websiteId} and ${collections.urlId} = ${pages.slug})`;

/** A page of the site that a password may lock: 'missing', 'collection' (its content is a collection's), or 'ok'. */
export async function lockablePage(db: Db, websiteId: string, pageId: string): Promise<'ok' | 'missing' | 'collection'> {
  const [row] = await query(() => db.select({ collectionContent: collectionContent() }).from(pages).where(and(eq(pages.websiteId, websiteId), eq(pages.id, pageId))).limit(1));
  if (!row) return 'missing';
  return row.collectionContent ? 'collection' : 'ok';
}

/** Checks that every page is this site's and not in another area; throws AreaPagesError. */
async function checkPages(db: Db, websiteId: string, areaId: string | undefined, input: AreaPageInput[], collectionIds: readonly string[]): Promise<void> {
  const fields: Record<string, string> = {};
  await checkCollections(db, websiteId, areaId, collectionIds, fields);
  const ids = input.map((p) => p.pageId);
  if (ids.length === 0) {
    if (Object.keys(fields).length) throw new AreaPagesError(fields);
    return;
  }
  const [own, taken] = await query(() =>
    db.batch([
      db.select({ id: pages.id, collectionContent: collectionContent() }).from(pages).where(and(eq(pages.websiteId, websiteId), inArray(pages.id, ids))),
      db.select({ pageId: memberAreaPages.pageId, areaId: memberAreaPages.areaId }).from(memberAreaPages).where(inArray(memberAreaPages.pageId, ids)),
    ]),
  );
  input.forEach((p, i) => {
    const page = own.find((o) => o.id === p.pageId);
    if (!page) fields[`pages.${i}.pageId`] = 'This page does not exist.';
    else if (page.collectionContent) fields[`pages.${i}.pageId`] = PROTECT_COLLECTION_CONTENT;
    else if (taken.some((t) => t.pageId === p.pageId && t.areaId !== areaId)) fields[`pages.${i}.pageId`] = 'This page is already in another member area.';
    if (ids.indexOf(p.pageId) !== i) fields[`pages.${i}.pageId`] = 'This page is listed twice.';
  });
  if (Object.keys(fields).length) throw new AreaPagesError(fields);
}

// SPEC §3 CollectionType 10: a plain page, whose content is a block page (protected as a page).
const PAGE_COLLECTION = 10;
export const COLLECTION_TEXT = {
  missing: 'This collection does not exist.',
  page: 'This collection is a page: add the page instead.',
  home: 'The home page cannot be in a member area.',
  folder: 'This collection is a folder: add the collections in it.',
  taken: 'This collection is already in another member area.',
  twice: 'This collection is listed twice.',
} as const;

/** Adds a field error per collection that is not this site's, is a page's own content, the home page or a folder, or is in another area. */
async function checkCollections(db: Db, websiteId: string, areaId: string | undefined, ids: readonly string[], fields: Record<string, string>): Promise<void> {
  if (ids.length === 0) return;
  const [own, taken] = await query(() =>
    db.batch([
      db.select({ id: collections.id, type: collections.type, isHomepage: collections.isHomepage, folder: collections.folder }).from(collections).where(and(eq(collections.websiteId, websiteId), inArray(collections.id, [...ids]))),
      db.select({ collectionId: memberAreaCollections.collectionId, areaId: memberAreaCollections.areaId }).from(memberAreaCollections).where(inArray(memberAreaCollections.collectionId, [...ids])),
    ]),
  );
  ids.forEach((id, i) => {
    const key = `collections.${i}`;
    const found = own.find((o) => o.id === id);
    if (!found) fields[key] = COLLECTION_TEXT.missing;
    else if (found.type === PAGE_COLLECTION) fields[key] = COLLECTION_TEXT.page;
    else if (found.isHomepage) fields[key] = COLLECTION_TEXT.home;
    else if (found.folder) fields[key] = COLLECTION_TEXT.folder;
    else if (taken.some((t) => t.collectionId === id && t.areaId !== areaId)) fields[key] = COLLECTION_TEXT.taken;
    if (ids.indexOf(id) !== i) fields[key] = COLLECTION_TEXT.twice;
  });
}

/** The site's collections an area may protect (not a page, not the home page), by title: the Members screen's choices. */
export async function protectableCollections(db: Db, websiteId: string): Promise<ProtectableCollection[]> {
  return query(() =>
    db
      .select({ id: collections.id, title: collections.title, fullUrl: collections.fullUrl })
      .from(collections)
      .where(and(eq(collections.websiteId, websiteId), sql`${collections.type} <> ${PAGE_COLLECTION}`, eq(collections.isHomepage, false), eq(collections.folder, false)))
      .orderBy(asc(collections.title), asc(collections.id)),
  );
}

function pageRows(websiteId: string, areaId: string, input: AreaPageInput[]) {
  return input.map((p) => ({ areaId, websiteId, pageId: p.pageId, teaserSections: p.teaserSections }));
}

export async function createArea(db: Db, websiteId: string, input: AreaInput, now: number): Promise<AreaView> {
  await checkPages(db, websiteId, undefined, input.pages, input.collections);
  const id = newId();
  const { pages: areaPages, collections: areaCollections, ...fields } = input;
  await query(() =>
    db.batch([
      db.insert(memberAreas).values({ id, websiteId, ...fields, version: 1, createdOn: now, updatedOn: now }),
      ...(areaPages.length ? [db.insert(memberAreaPages).values(pageRows(websiteId, id, areaPages))] : []),
      ...(areaCollections.length ? [db.insert(memberAreaCollections).values(areaCollections.map((collectionId) => ({ areaId: id, collectionId, websiteId })))] : []),
      bumpStatement(db, websiteId, now),
    ]),
  );
  forgetSite(websiteId);
  return (await findArea(db, websiteId, id))!;
}

/**
 * Replaces an area's fields and pages when its version is still `expected`: the UPDATE is
 * conditional on the version and the page rows are rewritten only while it matches, all in one batch. 'conflict' when someone saved first.
 */
export async function updateArea(db: Db, websiteId: string, id: string, expected: number, input: AreaInput, now: number): Promise<AreaView | 'missing' | 'conflict'> {
  await checkPages(db, websiteId, id, input.pages, input.collections);
  const { pages: areaPages, collections: areaCollections, ...fields } = input;
  // One batch (a transaction): the page rows change only while the version is `expected`,
  // then the conditional UPDATE moves it on; a save that lost the race changes nothing.
  const d1 = db.$client;
  const stillAt = 'version = ? AND id = ? AND website_id = ?';
  const raw = (q: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = q.toSQL();
    return d1.prepare(text).bind(...params);
  };
  const results = await query(() =>
    d1.batch([
      d1.prepare(`DELETE FROM member_area_pages WHERE area_id = ? AND EXISTS (SELECT 1 FROM member_areas WHERE ${stillAt})`).bind(id, expected, id, websiteId),
      ...areaPages.map((row) =>
        d1
          .prepare(`INSERT INTO member_area_pages (area_id, page_id, website_id, teaser_sections) SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM member_areas WHERE ${stillAt})`)
          .bind(id, row.pageId, websiteId, row.teaserSections, expected, id, websiteId),
      ),
      d1.prepare(`DELETE FROM member_area_collections WHERE area_id = ? AND EXISTS (SELECT 1 FROM member_areas WHERE ${stillAt})`).bind(id, expected, id, websiteId),
      ...areaCollections.map((collectionId) =>
        d1
          .prepare(`INSERT INTO member_area_collections (area_id, collection_id, website_id) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM member_areas WHERE ${stillAt})`)
          .bind(id, collectionId, websiteId, expected, id, websiteId),
      ),
      raw(
        db
          .update(memberAreas)
          .set({ ...fields, version: sql`${memberAreas.version} + 1`, updatedOn: now })
          .where(and(eq(memberAreas.id, id), eq(memberAreas.websiteId, websiteId), eq(memberAreas.version, expected))),
      ),
      raw(bumpStatement(db, websiteId, now)),
    ]),
  );
  const updated = results[results.length - 2]!.meta.changes;
  forgetSite(websiteId);
  if (updated === 0) return (await findArea(db, websiteId, id)) ? 'conflict' : 'missing';
  return (await findArea(db, websiteId, id))!;
}

export async function deleteArea(db: Db, websiteId: string, id: string, expected: number, now: number): Promise<'deleted' | 'missing' | 'conflict'> {
  const [removed] = await query(() =>
    db.batch([
      db.delete(memberAreas).where(and(eq(memberAreas.id, id), eq(memberAreas.websiteId, websiteId), eq(memberAreas.version, expected))).returning({ id: memberAreas.id }),
      bumpStatement(db, websiteId, now),
    ]),
  );
  forgetSite(websiteId);
  if (removed.length) return 'deleted';
  return (await findArea(db, websiteId, id)) ? 'conflict' : 'missing';
}

/** The area protecting a page, if any (one indexed lookup on the page-serving path). */
export async function pageProtection(db: Db, websiteId: string, pageId: string): Promise<PageProtection | undefined> {
  const [row] = await query(() =>
    db
      .select({
        areaId: memberAreas.id, areaName: memberAreas.name, access: memberAreas.access, priceCents: memberAreas.priceCents,
        currency: memberAreas.currency, teaserSections: memberAreaPages.teaserSections,
      })
      .from(memberAreaPages)
      .innerJoin(memberAreas, eq(memberAreas.id, memberAreaPages.areaId))
      .where(and(eq(memberAreaPages.pageId, pageId), eq(memberAreaPages.websiteId, websiteId)))
      .limit(1),
  );
  return row;
}

/** The area protecting a collection (its page, feed and items), if any: one indexed lookup. Collections have no teaser. */
export async function collectionProtection(db: Db, websiteId: string, collectionId: string): Promise<PageProtection | undefined> {
  const [row] = await query(() =>
    db
      .select({ areaId: memberAreas.id, areaName: memberAreas.name, access: memberAreas.access, priceCents: memberAreas.priceCents, currency: memberAreas.currency })
      .from(memberAreaCollections)
      .innerJoin(memberAreas, eq(memberAreas.id, memberAreaCollections.areaId))
      .where(and(eq(memberAreaCollections.collectionId, collectionId), eq(memberAreaCollections.websiteId, websiteId)))
      .limit(1),
  );
  return row ? { ...row, teaserSections: null } : undefined;
}

/**
 * A membership bought as a subscription lasts while that subscription is active (not past due,
 * paused or ended), and after a cancel until the end of the period paid for: the cancel set
 * `ends_on` (paid.ts `paidThroughStatement`), which `activeNow` and the expiry job compare with now.
 */
const subscriptionHolds = sql`(${memberships.source} <> 'subscription' OR exists (select 1 from subscriptions s where s.id = ${memberships.subscriptionId} and (s.status = 'active' or (s.status = 'canceled' and ${memberships.endsOn} is not null))))`;

const activeNow = (now: number) => and(eq(memberships.state, 'active'), or(isNull(memberships.endsOn), gt(memberships.endsOn, now)), subscriptionHolds);

/** Which of these areas the site user is an active member of now (navigation items for members, one query). */
export async function areasOfMember(db: Db, siteUserId: string, areaIds: readonly string[], now: number): Promise<Set<string>> {
  if (areaIds.length === 0) return new Set();
  const rows = await query(() =>
    db.select({ areaId: memberships.areaId }).from(memberships).where(and(eq(memberships.siteUserId, siteUserId), inArray(memberships.areaId, [...areaIds]), activeNow(now))),
  );
  return new Set(rows.map((r) => r.areaId));
}

/** True when the site user is an active member of the area now. */
export async function hasAccess(db: Db, areaId: string, siteUserId: string, now: number): Promise<boolean> {
  const [row] = await query(() =>
    db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.areaId, areaId), eq(memberships.siteUserId, siteUserId), activeNow(now))).limit(1),
  );
  return row !== undefined;
}

function planOfRow(r: { state: MemberRow['state']; endsOn: number | null; subscriptionId: string | null; status: string | null; nextBillingAt: number | null; amountCents: number | null; currency: string | null }, now: number): MemberPlan | null {
  if (!r.subscriptionId || r.status === null) return null;
  const cancelling = r.status === 'canceled' && r.state === 'active' && r.endsOn !== null && r.endsOn > now;
  const status = (cancelling ? 'cancelling' : r.status) as MemberPlan['status'];
  const charging = status === 'active' || status === 'past_due';
  return { subscriptionId: r.subscriptionId, status, nextChargeOn: charging ? r.nextBillingAt : null, amountCents: r.amountCents ?? 0, currency: r.currency ?? '' };
}

/** An area's members, newest first (at most 5,000: the screen and the export), with a paying member's plan. */
export async function areaMembers(db: Db, websiteId: string, areaId: string): Promise<MemberRow[]> {
  const now = Date.now();
  const rows = await query(() =>
    db
      .select({
        id: memberships.id, email: siteUsers.email, siteUserId: memberships.siteUserId,
        // An active row whose subscription stopped (past due, canceled, ended) or whose end date passed reads 'ended' until it renews.
        state: sql<MemberRow['state']>`case when ${memberships.state} = 'active' and not (${subscriptionHolds} and (${memberships.endsOn} is null or ${memberships.endsOn} > ${now})) then 'ended' else ${memberships.state} end`,
        source: memberships.source,
        grantedBy: memberships.grantedBy, startsOn: memberships.startsOn, endsOn: memberships.endsOn,
        subscriptionId: subscriptions.id, status: subscriptions.status, nextBillingAt: subscriptions.nextBillingAt,
        amountCents: subscriptions.renewalTotalCents, currency: subscriptions.currency,
      })
      .from(memberships)
      .innerJoin(siteUsers, eq(siteUsers.id, memberships.siteUserId))
      .leftJoin(subscriptions, and(eq(subscriptions.id, memberships.subscriptionId), eq(subscriptions.websiteId, memberships.websiteId)))
      .where(and(eq(memberships.websiteId, websiteId), eq(memberships.areaId, areaId)))
      .orderBy(sql`${memberships.startsOn} DESC`, asc(memberships.id))
      .limit(5000),
  );
  return rows.map(({ subscriptionId, status, nextBillingAt, amountCents, currency, ...m }) => ({
    ...m,
    plan: planOfRow({ state: m.state, endsOn: m.endsOn, subscriptionId, status, nextBillingAt, amountCents, currency }, now),
  }));
}

/**
 * Makes the user an active member (one upsert: a revoked or ended membership comes back).
 * `source` says how: a free sign-up, an owner's grant (with `grantedBy`), a purchase. A grant
 * unlinks the row from any subscription and never restarts one: a stopped plan stays stopped.
 */
export async function grantMembership(
  db: Db,
  websiteId: string,
  areaId: string,
  siteUserId: string,
  how: { source: MemberRow['source']; grantedBy?: string; endsOn?: number | null },
  now: number,
): Promise<void> {
  await query(() =>
    db
      .insert(memberships)
      .values({ id: newId(), websiteId, areaId, siteUserId, state: 'active', source: how.source, grantedBy: how.grantedBy ?? null, startsOn: now, endsOn: how.endsOn ?? null, subscriptionId: null, updatedOn: now })
      .onConflictDoUpdate({
        target: [memberships.areaId, memberships.siteUserId],
        set: { state: 'active', source: how.source, grantedBy: how.grantedBy ?? null, startsOn: now, endsOn: how.endsOn ?? null, subscriptionId: null, updatedOn: now },
      }),
  );
}

/** The site user with this email, for an owner's grant. */
export async function siteUserIdByEmail(db: Db, websiteId: string, email: string): Promise<string | undefined> {
  const [row] = await query(() =>
    db.select({ id: siteUsers.id }).from(siteUsers).where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.email, normaliseEmail(email)))).limit(1),
  );
  return row?.id;
}

/**
 * Removes a membership row (any state) from the area: the member is gone from the list and the
 * export. A subscription it followed goes on (cancel it on the Subscriptions screen). False when
 * the area has no such membership.
 */
export async function deleteMembership(db: Db, websiteId: string, areaId: string, membershipId: string): Promise<boolean> {
  const rows = await query(() =>
    db
      .delete(memberships)
      .where(and(eq(memberships.id, membershipId), eq(memberships.areaId, areaId), eq(memberships.websiteId, websiteId)))
      .returning({ id: memberships.id }),
  );
  return rows.length > 0;
}

/** The names of these areas of the site, by id (the member-area block's loader). */
export async function areaNames(db: Db, websiteId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await query(() =>
    db.select({ id: memberAreas.id, name: memberAreas.name }).from(memberAreas).where(and(eq(memberAreas.websiteId, websiteId), inArray(memberAreas.id, [...ids]))),
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
