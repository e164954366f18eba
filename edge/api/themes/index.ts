import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { tokenOrPermission } from '../../middleware/api-token/index.js';
import { apiTokenUses, createApiToken, listApiTokens, MAX_API_TOKENS, revokeApiToken, TOKEN_SCOPES } from '../../services/themes/api-tokens.js';
import {
  compileErrors, createThemeVersion, liveThemeVersion, listThemeVersions, previousThemeVersion, publishThemeVersion, themeVersionFiles,
} from '../../services/themes/versions.js';
import { jsonBody } from '../validate.js';
import { THEME_LIMITS, THEME_PATH, THEME_PATH_TEXT } from '../../../domain/themes/theme-paths.js';

const NO_VERSION = 'No such theme version on this site.';

const path = z
  .string()
  .max(THEME_LIMITS.pathLength, { error: THEME_PATH_TEXT.tooLong })
  .regex(THEME_PATH, { error: THEME_PATH_TEXT.shape });
const content = z.string().max(THEME_LIMITS.fileBytes, { error: `A theme file is at most ${THEME_LIMITS.fileBytes / 1024} KB.` });

const versionBody = z
  .strictObject({
    note: z.string().trim().max(500, { error: 'A note is at most 500 characters.' }).default(''),
    /** The whole file set of the new version. */
    files: z.array(z.strictObject({ path, content })).max(THEME_LIMITS.files).optional(),
    /** Or changes on top of `base` (content null removes the file). */
    base: z.int().positive().optional(),
    changes: z.array(z.strictObject({ path, content: content.nullable() })).max(THEME_LIMITS.files).optional(),
    /** The live version the author started from: a different live version is a conflict unless `force`. */
    expectLive: z.int().positive().optional(),
    force: z.boolean().default(false),
  })
  .refine((b) => (b.files !== undefined && b.base === undefined && b.changes === undefined) || (b.files === undefined && b.base !== undefined), {
    error: 'Send either files (the whole theme) or base with changes.',
    path: ['files'],
  });

const versionNumber = (c: Context<AppEnv>): number => {
  const raw = c.req.param('number') ?? '';
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw new ApiError(404, 'not_found', NO_VERSION);
  return Number(raw);
};

/** Who made a version: the token (`token:<id>`) or the signed-in user. */
const author = (c: Context<AppEnv>): string | null => (c.var.apiToken ? `token:${c.var.apiToken.id}` : (c.var.siteUser?.id ?? null));

/** The storefront URL that renders an unpublished version for its owners and tokens. */
export function previewUrl(c: Context<AppEnv>, number: number): string {
  return `${new URL(c.req.url).origin}/?theme_version=${number}`;
}

function totalBytes(files: ReadonlyMap<string, string>): number {
  let n = 0;
  for (const v of files.values()) n += v.length;
  return n;
}

/**
 * /api/owner/theme: the site's theme versions (docs/api/themes.md). Contributors with the
 * `themes` row, or a tool's bearer token with theme:read / theme:write.
 */
export const themeApi = new Hono<AppEnv>({ strict: false });
const read = tokenOrPermission('theme:read', 'themes');
const write = tokenOrPermission('theme:write', 'themes');
const publishing = tokenOrPermission('theme:write', 'themePublishing');

themeApi.get('/versions', read, async (c) => c.json(await listThemeVersions(c.var.db, c.var.site.id)));

themeApi.get('/versions/:number', read, async (c) => {
  const found = await themeVersionFiles(c.var.db, c.var.site.id, versionNumber(c));
  if (!found) throw new ApiError(404, 'not_found', NO_VERSION);
  return c.json({ ...found, previewUrl: previewUrl(c, found.version.number) });
});

themeApi.post('/versions', write, jsonBody(versionBody), async (c) => {
  const b = c.req.valid('json');
  const live = await liveThemeVersion(c.var.db, c.var.site.id);
  if (b.expectLive !== undefined && live !== b.expectLive && !b.force) {
    throw new ApiError(409, 'theme_conflict', `The live theme is now version ${live ?? 'none'}, not version ${b.expectLive} you started from. Pull it first, or force the push.`, {
      extra: { live },
    });
  }
  const files = new Map<string, string>();
  if (b.files) {
    for (const f of b.files) files.set(f.path, f.content);
  } else {
    const base = await themeVersionFiles(c.var.db, c.var.site.id, b.base!);
    if (!base) throw new ApiError(400, 'invalid_request', NO_VERSION, { fields: { base: NO_VERSION } });
    for (const f of base.files) files.set(f.path, f.content);
    for (const change of b.changes ?? []) {
      if (change.content === null) files.delete(change.path);
      else files.set(change.path, change.content);
    }
  }
  if (files.size === 0) throw new ApiError(400, 'invalid_request', 'A theme version needs at least one file.', { fields: { files: 'A theme version needs at least one file.' } });
  if (files.size > THEME_LIMITS.files) throw new ApiError(413, 'theme_too_large', `A theme version has at most ${THEME_LIMITS.files} files.`);
  if (totalBytes(files) > THEME_LIMITS.totalBytes) throw new ApiError(413, 'theme_too_large', `A theme version is at most ${THEME_LIMITS.totalBytes / 1024 / 1024} MB.`);
  const version = await createThemeVersion(c.var.db, c.var.site.id, files, { note: b.note, createdBy: author(c) });
  return c.json({ version, previewUrl: previewUrl(c, version.number) }, 201);
});

async function publish(c: Context<AppEnv>, number: number) {
  const outcome = await publishThemeVersion(c.var.db, c.var.site.id, number);
  if (!outcome.ok && outcome.reason === 'not_found') throw new ApiError(404, 'not_found', NO_VERSION);
  if (!outcome.ok) {
    const errors = outcome.reason === 'compile_errors' ? outcome.errors : [];
    const first = errors[0]!;
    throw new ApiError(422, 'theme_compile_errors', `Version ${number} was not published: ${errors.length} template error${errors.length === 1 ? '' : 's'}, the first at ${first.file}:${first.line}:${first.column} ${first.message}`, {
      extra: { errors: errors.map((e) => ({ ...e, at: `${e.file}:${e.line}:${e.column}` })) },
    });
  }
  return c.json({ version: outcome.version, previous: outcome.previous });
}

/**
 * Compiles one file without saving anything: the editor's errors while typing. Only
 * templates (`.html`) compile; any other file answers no errors.
 */
themeApi.post('/compile', read, jsonBody(z.strictObject({ path, content })), async (c) => {
  const b = c.req.valid('json');
  const errors = compileErrors([b]);
  return c.json({ errors: errors.map((e) => ({ ...e, at: `${e.file}:${e.line}:${e.column}` })) });
});

themeApi.post('/versions/:number/publish', publishing, async (c) => publish(c, versionNumber(c)));

themeApi.post('/rollback', publishing, jsonBody(z.strictObject({ version: z.int().positive().optional() })), async (c) => {
  const b = c.req.valid('json');
  if (b.version === undefined) {
    const previous = await previousThemeVersion(c.var.db, c.var.site.id);
    if (previous === null) throw new ApiError(409, 'no_earlier_version', 'There is no earlier published theme version to roll back to.');
    return publish(c, previous);
  }
  const found = await themeVersionFiles(c.var.db, c.var.site.id, b.version);
  if (!found) throw new ApiError(404, 'not_found', NO_VERSION);
  if (found.version.state !== 'retired') {
    throw new ApiError(409, 'not_an_earlier_version', `Version ${b.version} was never live before: publish it instead of rolling back to it.`);
  }
  return publish(c, b.version);
});

const tokenBody = z.strictObject({
  name: z.string({ error: 'Enter a name for the token.' }).trim().min(1, { error: 'Enter a name for the token.' }).max(100, { error: 'A token name is at most 100 characters.' }),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: (issue) => `${String(issue.input)} is not one of the expected options` }), { error: 'Choose at least one scope.' })
    .min(1, { error: 'Choose at least one scope.' })
    .max(TOKEN_SCOPES.length),
  expiresInDays: z.int({ error: 'Choose when the token expires.' }).min(1, { error: 'A token lasts 1 to 365 days.' }).max(365, { error: 'A token lasts 1 to 365 days.' }),
});

/** /api/owner/api-tokens: the site's API tokens for tools (docs/api/themes.md), session only. */
export const apiTokensApi = new Hono<AppEnv>({ strict: false });

apiTokensApi.get('/', requirePermission('apiTokens'), async (c) => c.json({ tokens: await listApiTokens(c.var.db, c.var.site.id), scopes: TOKEN_SCOPES }));

apiTokensApi.post('/', requirePermission('apiTokens'), jsonBody(tokenBody), async (c) => {
  const b = c.req.valid('json');
  const now = Date.now();
  const created = await createApiToken(c.var.db, c.var.site.id, { name: b.name, scopes: b.scopes, expiresOn: now + b.expiresInDays * 86_400_000, createdBy: c.var.siteUser!.id }, now);
  if (!created) throw new ApiError(409, 'too_many_tokens', `A site can have at most ${MAX_API_TOKENS} active API tokens.`);
  return c.json(created, 201);
});

apiTokensApi.get('/:id/uses', requirePermission('apiTokens'), async (c) => {
  const uses = await apiTokenUses(c.var.db, c.var.site.id, c.req.param('id'));
  // Another site's token answers 404 exactly like a missing one.
  if (!uses) throw new ApiError(404, 'not_found', 'No such API token on this site.');
  return c.json({ uses });
});

apiTokensApi.delete('/:id', requirePermission('apiTokens'), async (c) => {
  if (!(await revokeApiToken(c.var.db, c.var.site.id, c.req.param('id')))) throw new ApiError(404, 'not_found', 'No such active API token on this site.');
  return c.json({ revoked: true });
});
