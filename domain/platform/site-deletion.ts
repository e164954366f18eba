/**
 * Deleting a site (issue 34): offline at once, restorable for PURGE_AFTER_DAYS, then purged by
 * the daily Cron job. The owner confirms by typing the site's name.
 */

const DAY_MS = 86_400_000;

/** Days a deleted site can be restored before the daily Cron job purges it. */
export const PURGE_AFTER_DAYS = 30;

/** Days a finished export stays downloadable. */
export const EXPORT_KEEP_DAYS = 7;

/**
 * When a site deleted at `deletedOn` becomes due for purging (the first daily run after it purges it).
 * @example purgeDueOn(0) === 30 * 86_400_000
 */
export const purgeDueOn = (deletedOn: number): number => deletedOn + PURGE_AFTER_DAYS * DAY_MS;

/** When an export made at `at` expires. */
export const exportExpiresOn = (at: number): number => at + EXPORT_KEEP_DAYS * DAY_MS;

/** The typed confirmation matches the site's name: surrounding spaces and letter case aside. */
export function confirmsSiteName(typed: string, title: string): boolean {
  return typed.trim().toLowerCase() === title.trim().toLowerCase() && title.trim() !== '';
}

export const DELETE_CONFIRM_MESSAGE = 'Type the site name exactly to confirm.';
export const SITE_DELETED_MESSAGE = 'This site was deleted. Restore it to use it again.';
