import { describe, expect, it } from 'vitest';
import { ROLE } from '../../../../domain/roles/roles.js';
import { abilities, statusActions } from './permissions.js';
import type { OwnerPage } from './tree.js';

const page = (extra: Partial<OwnerPage>): OwnerPage => ({
  id: 'p', title: 'P', slug: 'p', url: '/p', seoTitle: null, seoDescription: null, socialImage: null, status: 'draft', draftVersion: 2, publishedVersion: null,
  publishedOn: null, publishAt: null, scheduledVersion: null, trashedOn: null, createdOn: 1, updatedOn: 1, ...extra,
});

describe('what the Pages screen offers each role', () => {
  it('reads the roles as the permission table does', () => {
    expect(abilities([ROLE.admin])).toEqual({ drafts: true, publish: true, layout: true, memberAreas: true });
    expect(abilities([ROLE.editor])).toEqual({ drafts: true, publish: true, layout: true, memberAreas: false });
    expect(abilities([ROLE.draftEditor])).toEqual({ drafts: true, publish: false, layout: false, memberAreas: false });
    expect(abilities([ROLE.viewer])).toEqual({ drafts: false, publish: false, layout: false, memberAreas: false });
    expect(abilities([ROLE.websiteManager]).memberAreas).toBe(true);
  });

  it('offers a draft editor only Needs Review and Draft, and nothing on a Scheduled, Private or Deprecated page', () => {
    const can = abilities([ROLE.draftEditor]);
    expect(statusActions(page({}), can)).toEqual(['needs-review']);
    expect(statusActions(page({ status: 'needs-review' }), can)).toEqual(['draft']);
    for (const status of ['scheduled', 'private', 'deprecated'] as const) expect(statusActions(page({ status }), can)).toEqual([]);
    expect(statusActions(page({}), abilities([ROLE.viewer]))).toEqual([]);
  });

  it('offers publishers publishing, and never Draft for a live page (the server answers 409)', () => {
    const can = abilities([ROLE.websiteManager]);
    expect(statusActions(page({}), can)).toEqual(['publish', 'schedule', 'needs-review', 'private', 'deprecated']);
    const live = page({ status: 'published', draftVersion: 3, publishedVersion: 3 });
    expect(statusActions(live, can)).toEqual(['schedule', 'unpublish', 'needs-review', 'private', 'deprecated']);
    // A newer draft of a live page can be published again.
    expect(statusActions({ ...live, draftVersion: 4 }, can)).toContain('publish');
    expect(statusActions(page({ status: 'scheduled', publishAt: 5 }), can)).toEqual(['publish', 'schedule', 'cancel-schedule', 'needs-review', 'draft', 'private', 'deprecated']);
  });
});
