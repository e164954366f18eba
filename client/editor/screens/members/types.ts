/** What the screen reads of /api/owner/members (docs/api/members.md). */
export interface Area {
  id: string;
  name: string;
  access: 'free' | 'one-time' | 'recurring';
  priceCents: number;
  currency: string;
  version: number;
  pages: { pageId: string; title: string; slug: string; teaserSections: number | null }[];
  collections: { collectionId: string; title: string; fullUrl: string }[];
  activeMembers: number;
}
/** A collection an area may protect (GET /areas answers them beside the areas). */
export interface CollectionChoice {
  id: string;
  title: string;
  fullUrl: string;
}
export interface Member {
  id: string;
  email: string;
  state: 'active' | 'revoked' | 'ended';
  source: string;
  grantedBy: string | null;
  startsOn: number;
  endsOn: number | null;
  /** A paying member's subscription (null for free, granted and one-time access). */
  plan: MemberPlan | null;
}
export interface MemberPlan {
  subscriptionId: string;
  status: 'active' | 'cancelling' | 'past_due' | 'paused' | 'canceled' | 'ended';
  nextChargeOn: number | null;
  amountCents: number;
  currency: string;
}
