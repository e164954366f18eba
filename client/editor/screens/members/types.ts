/** What the screen reads of /api/owner/members (docs/api/members.md): the shapes the API answers with. */
export type {
  AreaView as Area, ProtectableCollection as CollectionChoice, MemberRow as Member, MemberPlan,
} from '../../../../domain/members/member-views.js';
