/**
 * SPEC §3 contributor roles: the role ids a contributor holds on a website. The one role
 * table: the worker's permission table (edge/middleware/roles) and the owner app read it.
 * SPEC §6: an admin is a contributor whose roles contain `ROLE.admin`.
 * Codes 1-16 are SPEC's; 17 (theme developer) is ours.
 */
export const ROLE = {
  admin: 1,
  billing: 2,
  reporting: 3,
  editor: 4,
  moderator: 6,
  commenter: 7,
  storeManager: 8,
  scheduling: 9,
  viewer: 10,
  campaignsEditor: 11,
  schedulingViewer: 12,
  schedulingEditor: 13,
  none: 14,
  websiteManager: 15,
  draftEditor: 16,
  /**
   * Not in SPEC §3's list (issue 32): a template author who edits, saves and previews theme
   * versions but may not publish or roll them back, nor create API tokens. 17, after SPEC's last code.
   */
  themeDeveloper: 17,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_IDS: readonly RoleId[] = Object.values(ROLE);

/**
 * Role id -> the name people read, for invitation mails and the owner app.
 * @example ROLE_NAMES[ROLE.storeManager] === 'store manager'
 */
export const ROLE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(ROLE).map(([name, id]) => [id, name.replace(/[A-Z]/g, (m) => ` ${m.toLowerCase()}`)]),
);
