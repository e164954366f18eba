/** Limits of one theme version (docs/api/themes.md). */
export const THEME_LIMITS = { files: 400, fileBytes: 256 * 1024, totalBytes: 4 * 1024 * 1024, pathLength: 200 } as const;

/** A theme path: relative, lower-case-friendly segments, no `..`, no leading slash. */
export const THEME_PATH = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9_][A-Za-z0-9_.\-]*(?:\/[A-Za-z0-9_][A-Za-z0-9_.\-]*)*$/;

/** The API's and the editor's messages for a path it refuses. */
export const THEME_PATH_TEXT = {
  empty: 'Enter a file path, such as partials/card.html.',
  tooLong: `A theme file path is at most ${THEME_LIMITS.pathLength} characters.`,
  shape: 'A theme file path is relative, made of letters, digits, dots, dashes and underscores, without "..".',
  taken: 'A file with this path already exists.',
  folder: 'A folder already has this path.',
} as const;

/**
 * Why `path` cannot be a new file's path among `existing` (the theme's other paths), or
 * null when it can: the API's shape rules, no duplicate, and no file where a folder is
 * (`partials` beside `partials/card.html`) nor a folder where a file is.
 * @example themePathProblem('partials/card.html', ['partials/card.html']) === THEME_PATH_TEXT.taken
 */
export function themePathProblem(path: string, existing: readonly string[]): string | null {
  if (path === '') return THEME_PATH_TEXT.empty;
  if (path.length > THEME_LIMITS.pathLength) return THEME_PATH_TEXT.tooLong;
  if (!THEME_PATH.test(path)) return THEME_PATH_TEXT.shape;
  if (existing.includes(path)) return THEME_PATH_TEXT.taken;
  if (existing.some((p) => p.startsWith(`${path}/`) || path.startsWith(`${p}/`))) return THEME_PATH_TEXT.folder;
  return null;
}
