/**
 * The member areas' shapes as the owner API answers them (docs/api/members.md): what
 * edge/services/members builds and the owner's Members screen reads.
 */

export type AreaAccess = 'free' | 'one-time' | 'recurring';

/** A member area with its protected pages and collections and how many members it has now. */
export interface AreaView {
  id: string;
  name: string;
  access: AreaAccess;
  priceCents: number;
  currency: string;
  version: number;
  pages: { pageId: string; title: string; slug: string; teaserSections: number | null }[];
  collections: { collectionId: string; title: string; fullUrl: string }[];
  activeMembers: number;
}

/** A collection an area may protect (GET /areas answers them beside the areas). */
export interface ProtectableCollection {
  id: string;
  title: string;
  fullUrl: string;
}

/** One membership of an area, as its member list shows it. */
export interface MemberRow {
  id: string;
  email: string;
  siteUserId: string;
  state: 'active' | 'revoked' | 'ended';
  source: 'free' | 'grant' | 'purchase' | 'subscription';
  grantedBy: string | null;
  startsOn: number;
  endsOn: number | null;
  /** The subscription a paying member's access follows (null for free, granted and one-time access). */
  plan: MemberPlan | null;
}

/**
 * A paying member's plan: `cancelling` is canceled with access kept to the end of the paid period
 * (`endsOn`); `nextChargeOn` is the next charge (a retry while past due), null when none is coming.
 */
export interface MemberPlan {
  subscriptionId: string;
  status: 'active' | 'cancelling' | 'past_due' | 'paused' | 'canceled' | 'ended';
  nextChargeOn: number | null;
  amountCents: number;
  currency: string;
}
