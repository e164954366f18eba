import { useState } from 'react';
import type { RichTextNode } from '../../../../blocks/text/rich-text-schema.js';
import type { OwnerPost } from '../../../../edge/services/blog/posts.js';
import { currentCrumb, OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { formatTime } from '../../format.js';
import { Link, navigate } from '../../router.js';
import { useLoad } from '../../use-load.js';
import { Button } from '../../ui/button.js';
import { SelectField, TextField } from '../../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { FilePickerDialog } from '../files/file-picker.js';
import { RichTextField } from '../page-editor/rich-text-field.js';
import { epochToZoned, zonedToEpoch } from '../pages/zoned-time.js';

const BASE = '/api/owner/blog-posts';
const STATE_LABEL = { draft: 'Draft', published: 'Published', scheduled: 'Scheduled' } as const;

/** /config/blog: the posts of the site's blogs, newest first, each opening the post editor. */
export function BlogPostsScreen() {
  const { timeZone } = useOwner();
  const { result, retry } = useLoad('posts', () => ownerFetch<{ posts: OwnerPost[] }>('GET', BASE));
  return (
    <div className="blog-posts">
      <div className="owner-panel-head">
        <h1>Blog</h1>
        <Link className="ui-button" data-variant="primary" href="/config/blog/new">New post</Link>
      </div>
      {result.state === 'loading' ? <Skeleton label="Loading posts" /> : null}
      {result.state === 'error' ? <ErrorPanel message={result.message} onRetry={retry} /> : null}
      {result.state === 'ready' && result.data.posts.length === 0 ? <EmptyState title="No posts yet" /> : null}
      {result.state === 'ready' && result.data.posts.length ? (
        <ul className="tags-list">
          {result.data.posts.map((p) => (
            <li key={p.id} className="tags-row" data-post={p.urlId}>
              <Link className="tags-name" href={`/config/blog/${p.id}`}>{p.title}</Link>
              <span className="ui-badge" data-post-state>{STATE_LABEL[p.publish]}</span>
              <span className="tags-count">{p.publishOn ? formatTime(p.publishOn, timeZone) : '—'}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

interface Draft {
  title: string;
  slug: string;
  excerpt: string;
  body: RichTextNode;
  mainImageId: string | null;
  imageName: string;
  authorId: string;
  categories: string;
  tags: string;
  publish: OwnerPost['publish'];
  publishAt: string;
}

const names = (s: string) => s.split(',').map((n) => n.trim()).filter(Boolean);

type Author = { id: string; displayName: string };

/** /config/blog/:id (`new` for a new post): title, body (the lazy rich text editor), excerpt, main image, author, categories, tags, publishing, slug. */
export function BlogPostEditor({ id }: { id: string }) {
  const isNew = id === 'new';
  const { result, retry } = useLoad(`post-${id}`, async () => {
    const [found, blogs, { authors }] = await Promise.all([
      isNew ? undefined : ownerFetch<{ post: OwnerPost }>('GET', `${BASE}/${id}`).then((r) => r.post),
      isNew ? ownerFetch<{ collections: { id: string; kind: string }[] }>('GET', '/api/owner/tags').then((r) => r.collections, () => []) : [],
      ownerFetch<{ authors: Author[] }>('GET', `${BASE}/authors`),
    ]);
    return { post: found, blogs, authors };
  });
  if (result.state === 'loading') return <Skeleton label="Loading the post" />;
  if (result.state === 'error') return <ErrorPanel message={result.message} onRetry={retry} />;
  return <PostForm key={id} post={result.data.post} authors={result.data.authors} blogId={result.data.blogs.find((b) => b.kind === 'blog')?.id} />;
}

function PostForm({ post, authors, blogId }: { post: OwnerPost | undefined; authors: Author[]; blogId: string | undefined }) {
  const { timeZone } = useOwner();
  const toast = useToast();
  const [version, setVersion] = useState(post?.version);
  const [draft, setDraft] = useState<Draft>({
    title: post?.title ?? '', slug: post?.urlId ?? '', excerpt: post?.excerpt ?? '', body: post?.body ?? { type: 'doc', content: [] },
    mainImageId: post?.mainImageId ?? null, imageName: post?.mainImageId ? 'Chosen image' : '',
    // A new post names the site's first author (the one most sites have); 'No author' stays a choice.
    authorId: post ? (post.authorId ?? '') : (authors[0]?.id ?? ''), categories: post?.categories.join(', ') ?? '', tags: post?.tags.join(', ') ?? '',
    publish: post?.publish ?? 'draft', publishAt: post?.publishOn ? epochToZoned(post.publishOn, timeZone) : '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = async () => {
    setBusy(true);
    setMessage('');
    setErrors({});
    const body = {
      title: draft.title, slug: draft.slug || undefined, excerpt: draft.excerpt, body: draft.body, mainImageId: draft.mainImageId, authorId: draft.authorId || null,
      categories: names(draft.categories), tags: names(draft.tags), publish: draft.publish,
      publishOn: draft.publish === 'scheduled' ? (zonedToEpoch(draft.publishAt, timeZone) ?? null) : (post?.publishOn ?? null),
    };
    try {
      if (!post && !blogId) throw new OwnerApiError('This site has no blog.', 404);
      const saved = post
        ? await fetchWithVersion(`${BASE}/${post.id}`, version!, body)
        : (await ownerFetch<{ post: OwnerPost }>('POST', BASE, { ...body, collectionId: blogId })).post;
      toast('Post saved.');
      setVersion(saved.version);
      if (!post) navigate(`/config/blog/${saved.id}`, true);
      set({ slug: saved.urlId });
    } catch (error) {
      if (error instanceof OwnerApiError) {
        setErrors(error.fields);
        setMessage(error.message);
      } else setMessage(TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="owner-form blog-post-form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <h1>{post ? 'Edit post' : 'New post'}</h1>
      <p className="tags-notice" role="status" data-post-message>{message}</p>
      <TextField label="Title" value={draft.title} maxLength={200} error={errors.title} onChange={(e) => set({ title: e.target.value })} />
      <RichTextField label="Body" value={draft.body} onChange={(body) => set({ body })} />
      <TextField label="Excerpt" value={draft.excerpt} maxLength={400} error={errors.excerpt} onChange={(e) => set({ excerpt: e.target.value })} />
      <div className="owner-row-actions">
        <Button variant="secondary" onClick={() => setPicking(true)}>{draft.mainImageId ? 'Change main image' : 'Choose main image'}</Button>
        {draft.mainImageId ? <span data-main-image>{draft.imageName}</span> : null}
      </div>
      {errors.mainImageId ? <p className="ui-field-error">{errors.mainImageId}</p> : null}
      <SelectField label="Author" value={draft.authorId} onChange={(e) => set({ authorId: e.target.value })} options={[{ value: '', label: 'No author' }, ...authors.map((a) => ({ value: a.id, label: a.displayName }))]} />
      {errors.authorId ? <p className="ui-field-error">{errors.authorId}</p> : null}
      <TextField label="Categories" hint="Separate names with commas." value={draft.categories} error={errors['categories.0']} onChange={(e) => set({ categories: e.target.value })} />
      <TextField label="Tags" hint="Separate names with commas." value={draft.tags} error={errors['tags.0']} onChange={(e) => set({ tags: e.target.value })} />
      <SelectField label="Publishing" value={draft.publish} onChange={(e) => set({ publish: e.target.value as Draft['publish'] })} options={[{ value: 'draft', label: 'Draft' }, { value: 'published', label: 'Published now' }, { value: 'scheduled', label: 'Scheduled' }]} />
      {draft.publish === 'scheduled' ? <TextField label={`Publish at (${timeZone})`} type="datetime-local" value={draft.publishAt} error={errors.publishOn} onChange={(e) => set({ publishAt: e.target.value })} /> : null}
      <TextField label="URL slug" value={draft.slug} maxLength={200} onChange={(e) => set({ slug: e.target.value })} />
      <div className="owner-row-actions">
        <Button type="submit" busy={busy}>Save post</Button>
        <Link href="/config/blog">Back to posts</Link>
      </div>
      <FilePickerDialog open={picking} onClose={() => setPicking(false)} onPick={(f) => set({ mainImageId: f.id, imageName: f.fileName })} />
    </form>
  );
}

/** PUT with If-Match: a stale version is 412 with the server's message. */
async function fetchWithVersion(path: string, version: number, body: unknown): Promise<OwnerPost> {
  let res: Response;
  try {
    res = await fetch(path, { method: 'PUT', credentials: 'same-origin', headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': currentCrumb(), 'If-Match': `"${version}"` }, body: JSON.stringify(body) });
  } catch {
    throw new OwnerApiError(TEXT.network, 0);
  }
  const json = (await res.json().catch(() => ({}))) as { post?: OwnerPost; message?: string; fields?: Record<string, string> };
  if (!res.ok || !json.post) throw new OwnerApiError(json.message ?? TEXT.failed, res.status, json.fields ?? {});
  return json.post;
}
