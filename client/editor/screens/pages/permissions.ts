import { ROLE } from '../../../../domain/roles/roles.js';
import type { OwnerPage } from './tree.js';

/**
 * What the contributor's roles allow (the rows of edge/middleware/roles/permissions.ts:
 * pageDrafts, pagePublishing, siteLayout, members). Only to hide what they cannot do: the server
 * refuses it anyway.
 */
export function abilities(roles: readonly number[]) {
  const publishers: number[] = [ROLE.admin, ROLE.websiteManager, ROLE.editor];
  const publish = roles.some((r) => publishers.includes(r));
  const memberAreas = roles.includes(ROLE.admin) || roles.includes(ROLE.websiteManager);
  return { drafts: publish || roles.includes(ROLE.draftEditor), publish, layout: publish, memberAreas };
}
export type Can = ReturnType<typeof abilities>;

export type StatusAction = 'publish' | 'schedule' | 'cancel-schedule' | 'unpublish' | 'needs-review' | 'draft' | 'private' | 'deprecated';

/** The status changes `can` may make on `page` (SPEC §4; docs/api/pages.md "Statuses"). */
export function statusActions(page: OwnerPage, can: Can): StatusAction[] {
  const live = page.publishedVersion !== null;
  const reviewable = can.publish || !['scheduled', 'private', 'deprecated'].includes(page.status);
  const out: StatusAction[] = [];
  if (can.publish && (page.status !== 'published' || page.draftVersion !== page.publishedVersion)) out.push('publish');
  if (can.publish) out.push('schedule');
  if (can.publish && page.status === 'scheduled') out.push('cancel-schedule');
  if (can.publish && live) out.push('unpublish');
  if (can.drafts && reviewable && page.status !== 'needs-review') out.push('needs-review');
  if (can.drafts && reviewable && !live && page.status !== 'draft') out.push('draft');
  if (can.publish && page.status !== 'private') out.push('private');
  if (can.publish && page.status !== 'deprecated') out.push('deprecated');
  return out;
}

