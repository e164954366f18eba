/**
 * Texts of the page API. SPEC §5 gives the page URL one ('{val} is not a valid page URL');
 * the others are ours, in the catalogue's voice.
 */
export const PAGE_MESSAGES = {
  // SPEC §5, with the value filled in.
  invalidSlug: (val: string) => `${val} is not a valid page URL`,
  reservedSlug: (val: string) => `${val} is reserved for the site itself; choose another page URL.`,
  slugTaken: (val: string) => `${val} is already used by another page.`,
  titleRequired: 'Add a page title.',
  // SPEC §9 names the limit "Max blocks per layout".
  maxBlocks: (max: number) => `Max blocks per layout is ${max}.`,
  layoutTooLarge: 'This layout is too large to save (1 MB at most).',
  unknownBlock: (type: string) => `${type} is not a block type.`,
  blockNotAvailable: (type: string) => `The ${type} block is not available yet.`,
  blockOverlap: (id: string) => `This block overlaps ${id} on the desktop grid; move it to free cells.`,
  duplicateId: (id: string) => `${id} is used more than once in this layout.`,
  versionConflict: 'Someone else saved this page since you opened it. Reload to see their changes, then edit again.',
  languageLayoutExists: 'This language already has its own layout.',
  languageLayoutShared: 'This language shares the page layout; make a separate layout for it first.',
  languageNotAdded: (val: string) => `${val} is not one of this site's added languages.`,
  versionRequired: 'Send the version you edited in an If-Match header.',
  pageNotFound: 'Unable to locate content',
  revisionNotFound: 'That revision of the page does not exist.',
  codeBlocksForbidden: 'Your role cannot add html or embed blocks.',
  publishAtPast: 'Choose a publish time in the future.',
  reviewOnly: 'Your role can mark a page Needs Review or Draft, but not publish, schedule or hide it.',
  pageLive: 'This page is live: unpublish it to make it a draft again.',
  navigationConflict: 'Someone else saved this navigation since you opened it. Reload to see their changes, then edit again.',
  headerFooterConflict: 'Someone else saved the header and footer since you opened them. Reload to see their changes, then edit again.',
  // SPEC §8.
  noMainNavigation: 'Unable to find site main navigation',
  // SPEC §2 editor-side message, with the value filled in.
  notAnOption: (val: string) => `${val} is not one of the expected options`,
  memberAreaMissing: 'This member area does not exist.',
  collectionMissing: 'That collection does not exist on this site.',
  pageMissing: 'That page does not exist on this site (or is in the trash).',
  oneTarget: 'Link an item to exactly one of a collection, a page or an external link.',
  navigationTooBig: 'A navigation holds at most 100 items.',
  invalidCursor: 'That list position is not valid; start from the first page.',
} as const;
