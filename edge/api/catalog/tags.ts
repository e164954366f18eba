import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { CATALOG_MESSAGES } from '../../services/catalog/catalog-messages.js';
import { addTag, listTags, mergeTags, moveCategory, removeTags, renameTag, taggedCollections, TAG_TYPES, type TagType } from '../../services/catalog/tags.js';
import { jsonBody } from '../validate.js';

/** SPEC §9: tags at most 50 characters, categories 25. */
const MAX_LENGTH: Record<TagType, number> = { tag: 50, category: 25 };
const TOO_LONG: Record<TagType, string> = { tag: 'A tag is at most 50 characters.', category: 'A category name is at most 25 characters.' };
const EMPTY: Record<TagType, string> = { tag: 'Enter a tag.', category: 'Enter a category name.' };

const name = z.string({ error: 'Enter a name.' }).trim();
const tagType = z.enum(TAG_TYPES, { error: 'Choose tag or category.' });

/** Each named field holds a name of the body's tagType: not blank, not longer than SPEC §9 allows. */
function checkNames(type: TagType, entries: [string, string][], ctx: z.RefinementCtx) {
  for (const [path, value] of entries) {
    if (value.length === 0) ctx.addIssue({ code: 'custom', message: EMPTY[type], path: path.split('.') });
    else if (value.length > MAX_LENGTH[type]) ctx.addIssue({ code: 'custom', message: TOO_LONG[type], path: path.split('.') });
  }
}

const addBody = z
  .strictObject({ tagType, name, parentId: z.string().max(64).nullable().optional().default(null) })
  .superRefine((b, ctx) => checkNames(b.tagType, [['name', b.name]], ctx));

// SPEC §5: the manager edits one name at a time; a batch of more is refused with its text.
const renameBody = z
  .strictObject({ tagType, renames: z.array(z.strictObject({ from: z.string().max(200), to: name })).min(1, { error: 'Name the tag to rename.' }).max(100) })
  .superRefine((b, ctx) => {
    if (b.renames.length > 1) ctx.addIssue({ code: 'custom', message: CATALOG_MESSAGES.editOneAtATime(b.tagType), path: ['renames'] });
    checkNames(b.tagType, b.renames.map((r, i) => [`renames.${i}.to`, r.to]), ctx);
  });

const mergeBody = z
  .strictObject({ tagType, from: z.array(z.string().max(200)).min(1, { error: 'Choose the names to merge.' }).max(1000), into: name })
  .superRefine((b, ctx) => checkNames(b.tagType, [['into', b.into]], ctx));

const removeBody = z.strictObject({ tagType, names: z.array(z.string().max(200)).min(1, { error: 'Choose the names to remove.' }).max(1000) });

const positionBody = z.strictObject({
  parentId: z.string({ error: 'Choose the parent category.' }).max(64),
  index: z.number().int().min(0).max(10_000),
});

const collectionId = (c: Context<AppEnv>) => c.req.param('collectionId')!;
const answer = async (c: Context<AppEnv>, status: 200 | 201 = 200) => c.json(await listTags(c.var.db, c.var.site.id, collectionId(c)), status);

/**
 * /api/owner/tags: the tag manager (SPEC §2) for the site's stores and blogs, permission row
 * `catalog` (docs/api/catalogue.md#tags-and-categories). Every write answers the collection's
 * tags and categories as they are after it.
 */
export const ownerTagsApi = new Hono<AppEnv>({ strict: false });

ownerTagsApi.get('/', requirePermission('catalog'), async (c) => c.json({ collections: await taggedCollections(c.var.db, c.var.site.id) }));

ownerTagsApi.get('/:collectionId', requirePermission('catalog'), (c) => answer(c));

ownerTagsApi.post('/:collectionId', requirePermission('catalog'), jsonBody(addBody), async (c) => {
  const b = c.req.valid('json');
  await addTag(c.var.db, c.var.site.id, collectionId(c), b.tagType, b.name, b.parentId);
  return answer(c, 201);
});

ownerTagsApi.post('/:collectionId/rename', requirePermission('catalog'), jsonBody(renameBody), async (c) => {
  const b = c.req.valid('json');
  const [only] = b.renames;
  await renameTag(c.var.db, c.var.site.id, collectionId(c), b.tagType, only!.from, only!.to);
  return answer(c);
});

ownerTagsApi.post('/:collectionId/merge', requirePermission('catalog'), jsonBody(mergeBody), async (c) => {
  const b = c.req.valid('json');
  await mergeTags(c.var.db, c.var.site.id, collectionId(c), b.tagType, b.from, b.into);
  return answer(c);
});

ownerTagsApi.post('/:collectionId/remove', requirePermission('catalog'), jsonBody(removeBody), async (c) => {
  const b = c.req.valid('json');
  await removeTags(c.var.db, c.var.site.id, collectionId(c), b.tagType, b.names);
  return answer(c);
});

ownerTagsApi.put('/:collectionId/categories/:categoryId/position', requirePermission('catalog'), jsonBody(positionBody), async (c) => {
  const b = c.req.valid('json');
  await moveCategory(c.var.db, c.var.site.id, collectionId(c), c.req.param('categoryId')!, b.parentId, b.index);
  return answer(c);
});
