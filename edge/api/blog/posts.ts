import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { EMPTY_DOC, richTextDoc } from '../../../blocks/text/rich-text-schema.js';
import type { AppEnv } from '../../env.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { BLOG_MESSAGES, createPost, deletePost, listAuthors, listPosts, ownerPost, updatePost, type PostInput } from '../../services/blog/posts.js';
import { ifMatchNumber, jsonBody, queryParams } from '../validate.js';

const SCHEDULE_AHEAD = 'Choose a time to come for a scheduled post.';

const postFields = {
  title: z.string({ error: 'Add a title.' }).trim().min(1, { error: 'Add a title.' }).max(200, { error: 'A title is at most 200 characters.' }),
  body: richTextDoc.optional().default(EMPTY_DOC as never),
  excerpt: z.string().trim().max(400, { error: 'An excerpt is at most 400 characters.' }).optional().default(''),
  slug: z.string().max(200).optional(),
  mainImageId: z.string().max(64).nullable().optional().default(null),
  authorId: z.string().max(64).nullable().optional().default(null),
  // SPEC §9: categories at most 25 characters, tags at most 50.
  categories: z.array(z.string().trim().min(1).max(25, { error: 'A category name is at most 25 characters.' })).max(100).optional().default([]),
  tags: z.array(z.string().trim().min(1).max(50, { error: 'A tag is at most 50 characters.' })).max(100).optional().default([]),
  publish: z.enum(['draft', 'published', 'scheduled']).optional().default('draft'),
  /** Epoch milliseconds; needed (and to come) for `scheduled`. */
  publishOn: z.number().int().min(0).max(8.64e15).nullable().optional().default(null),
};

const scheduled = (b: { publish: string; publishOn: number | null }, ctx: z.RefinementCtx) => {
  if (b.publish === 'scheduled' && (b.publishOn === null || b.publishOn <= Date.now())) ctx.addIssue({ code: 'custom', message: SCHEDULE_AHEAD, path: ['publishOn'] });
};
const postBody = z.strictObject(postFields).superRefine(scheduled);
const newPostBody = z.strictObject({ ...postFields, collectionId: z.string({ error: 'Choose the blog.' }).max(64) }).superRefine(scheduled);

const input = (b: z.infer<typeof postBody>): PostInput => ({ ...b, slug: b.slug?.trim() || undefined });

function answer(c: Context<AppEnv>, post: Awaited<ReturnType<typeof ownerPost>>, status: 200 | 201 = 200) {
  c.header('ETag', `"${post.version}"`);
  return c.json({ post }, status);
}

/** /api/owner/blog-posts: the owner's blog posts (docs/api/blog.md), permission row `blog`. */
export const ownerBlogPostsApi = new Hono<AppEnv>({ strict: false });

ownerBlogPostsApi.get('/', requirePermission('blog'), queryParams(z.strictObject({ collectionId: z.string().max(64).optional() })), async (c) =>
  c.json({ posts: await listPosts(c.var.db, c.var.site.id, c.req.valid('query').collectionId) }),
);

ownerBlogPostsApi.post('/', requirePermission('blog'), jsonBody(newPostBody), async (c) => {
  const { collectionId, ...body } = c.req.valid('json');
  return answer(c, await createPost(c.var.db, c.var.site.id, collectionId, input(body)), 201);
});

// The site's authors a post may name (its Author choice).
ownerBlogPostsApi.get('/authors', requirePermission('blog'), async (c) => c.json({ authors: await listAuthors(c.var.db, c.var.site.id) }));

ownerBlogPostsApi.get('/:postId', requirePermission('blog'), async (c) => answer(c, await ownerPost(c.var.db, c.var.site.id, c.req.param('postId'))));

ownerBlogPostsApi.put('/:postId', requirePermission('blog'), jsonBody(postBody), async (c) => {
  const basedOn = ifMatchNumber(c, BLOG_MESSAGES.versionRequired, 16);
  return answer(c, await updatePost(c.var.db, c.var.site.id, c.req.param('postId'), basedOn, input(c.req.valid('json'))));
});

ownerBlogPostsApi.delete('/:postId', requirePermission('blog'), async (c) => {
  const basedOn = ifMatchNumber(c, BLOG_MESSAGES.versionRequired, 16);
  await deletePost(c.var.db, c.var.site.id, c.req.param('postId'), basedOn);
  return c.body(null, 204);
});
