import { and, eq } from 'drizzle-orm';
import { themeFiles, themeVersions, websites } from '../../../schema/index.js';
import type { DemoFixtures, PageFixture, PostFixture, WebsiteFixture } from '../../../schema/seed/fixture-types.js';
import demoWebsite from '../../../fixtures/demo/website.json' with { type: 'json' };
import demoCollections from '../../../fixtures/demo/collections.json' with { type: 'json' };
import demoProducts from '../../../fixtures/demo/products.json' with { type: 'json' };
import demoPosts from '../../../fixtures/demo/posts.json' with { type: 'json' };
import demoAuthors from '../../../fixtures/demo/authors.json' with { type: 'json' };
import demoForms from '../../../fixtures/demo/forms.json' with { type: 'json' };
import demoPages from '../../../fixtures/demo/pages.json' with { type: 'json' };
import demoNavigation from '../../../fixtures/demo/navigation.json' with { type: 'json' };
import demoTranslations from '../../../fixtures/demo/translations.json' with { type: 'json' };
import demoImages from '../../../fixtures/demo/images.json' with { type: 'json' };
import { query, type Db } from '../db.js';

/**
 * The starters a new site is made from (issue 34): the Fern & Kiln store (the demo's own
 * fixtures, bundled into the worker), a portfolio, a blog and a blank page. Each is a
 * DemoFixtures value that schema/seed/build.ts turns into the site's rows.
 */
export const STARTERS = ['store', 'portfolio', 'blog', 'blank'] as const;
export type StarterId = (typeof STARTERS)[number];

export const STARTER_NAMES: Record<StarterId, string> = {
  store: 'Fern & Kiln store',
  portfolio: 'Portfolio',
  blog: 'Blog',
  blank: 'Blank page',
};

/** The demo's identifier: its files in R2 are under this prefix (the store starter copies them). */
export const DEMO_FILE_ROOT = (demoWebsite as WebsiteFixture).identifier;

const DESIGN = { padding: 'small', theme: 'light', width: 'inset', background: { type: 'none' }, divider: 'none', roundedBlocks: false };

/** A layout of text sections: each a heading and paragraphs (a doc of the rich text block). */
function textLayout(sections: { id: string; heading: string; level?: number; paragraphs: string[] }[]): PageFixture['layout'] {
  return {
    sections: sections.map((s) => ({
      id: s.id,
      design: DESIGN,
      blocks: [
        {
          id: `${s.id}-text`,
          type: 'text',
          props: {
            text: {
              type: 'doc',
              content: [
                { type: 'heading', attrs: { level: s.level ?? 2 }, content: [{ type: 'text', text: s.heading }] },
                ...s.paragraphs.map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })),
              ],
            },
          },
          layout: { desktop: { col: 1, row: 1, span: 12, rows: 1 } },
        },
      ],
    })),
  };
}

const page = (urlId: string, title: string, extra: Record<string, unknown> = {}) => ({
  urlId, fullUrl: urlId === 'home' ? '/' : `/${urlId}`, type: 10, typeName: 'page', title, ...(urlId === 'home' ? { isHomepage: true } : {}), ...extra,
});

/** The website row of a starter: the demo's settings without its store-only and demo-only parts, unless the store. */
function websiteFor(starter: StarterId, input: { identifier: string; title: string; primaryHost: string; now: number }): WebsiteFixture {
  const demo = demoWebsite as WebsiteFixture;
  const base: WebsiteFixture = {
    ...demo,
    identifier: input.identifier,
    title: input.title,
    primaryHost: input.primaryHost,
    hosts: [],
    isDefault: false,
    createdOn: new Date(input.now).toISOString(),
  };
  if (starter === 'store') return { ...base, tagline: demo.tagline };
  const { multilingual: _m, commercePreferences: _p, captchaSiteKey: _c, header: _h, footer: _f, socialAccounts: _s, ...rest } = base;
  return { ...rest, tagline: '', siteSettings: { commentsEnabled: false, simpleLikingEnabled: false }, storeSettings: { multipleQuantityAllowedForServices: true, useCLDRMoneyFormat: true } };
}

function emptyFixtures(website: WebsiteFixture, themeFiles: DemoFixtures['themeFiles']): DemoFixtures {
  return {
    website, collections: [], products: [], posts: [], authors: [{ key: 'owner', displayName: website.title }] as DemoFixtures['authors'],
    forms: [], pages: [], navigation: {}, translations: undefined, images: {}, fileSizes: {}, themeFiles,
  };
}

/**
 * The fixtures of a starter for a new site. `fileSizes` are those of the demo files the
 * caller copied (the store starter only); `themeFiles` the starter theme's files.
 */
export function starterFixtures(
  starter: StarterId,
  input: { identifier: string; title: string; primaryHost: string; now: number; fileSizes: Record<string, number>; themeFiles: DemoFixtures['themeFiles'] },
): DemoFixtures {
  const website = websiteFor(starter, input);
  const title = input.title;
  if (starter === 'store') {
    return {
      website,
      collections: demoCollections as DemoFixtures['collections'],
      products: demoProducts as DemoFixtures['products'],
      posts: demoPosts as DemoFixtures['posts'],
      authors: demoAuthors as DemoFixtures['authors'],
      forms: demoForms as DemoFixtures['forms'],
      pages: demoPages as DemoFixtures['pages'],
      navigation: demoNavigation as DemoFixtures['navigation'],
      translations: demoTranslations as DemoFixtures['translations'],
      images: demoImages as DemoFixtures['images'],
      fileSizes: input.fileSizes,
      themeFiles: input.themeFiles,
    };
  }
  const out = emptyFixtures(website, input.themeFiles);
  if (starter === 'blank') {
    out.collections = [page('home', 'Home')];
    out.pages = [{ slug: 'home', title: 'Home', layout: textLayout([{ id: 'start', level: 1, heading: title, paragraphs: ['This page is yours to fill. Open the owner area to add sections and blocks.'] }]) }];
    out.navigation = { 'main-nav': [{ title: 'Home', collection: 'home' }] };
    return out;
  }
  if (starter === 'portfolio') {
    out.collections = [page('home', 'Home'), page('work', 'Work'), page('about', 'About')];
    out.pages = [
      { slug: 'home', title: 'Home', layout: textLayout([{ id: 'intro', level: 1, heading: title, paragraphs: ['Selected work, studies and commissions.'] }, { id: 'latest', heading: 'Latest projects', paragraphs: ['Add a gallery or image blocks here to show your newest work.'] }]) },
      { slug: 'work', title: 'Work', layout: textLayout([{ id: 'projects', level: 1, heading: 'Work', paragraphs: ['Project one: a short description.', 'Project two: a short description.', 'Project three: a short description.'] }]) },
      { slug: 'about', title: 'About', layout: textLayout([{ id: 'bio', level: 1, heading: 'About', paragraphs: ['A few lines about you, your practice and how to commission work.'] }]) },
    ];
    out.navigation = { 'main-nav': [{ title: 'Home', collection: 'home' }, { title: 'Work', collection: 'work' }, { title: 'About', collection: 'about' }] };
    return out;
  }
  // blog
  out.collections = [
    page('home', 'Home'),
    { urlId: 'blog', fullUrl: '/blog', type: 1, typeName: 'blog', title: 'Blog', navigationTitle: 'Blog', itemsPerPage: 10, ordering: 'chronological' },
    page('about', 'About'),
  ];
  out.pages = [
    { slug: 'home', title: 'Home', layout: textLayout([{ id: 'intro', level: 1, heading: title, paragraphs: ['Notes, essays and news. The newest posts are on the blog.'] }]) },
    { slug: 'about', title: 'About', layout: textLayout([{ id: 'bio', level: 1, heading: 'About', paragraphs: ['Who writes here and what about.'] }]) },
  ];
  const post: PostFixture = {
    urlId: 'hello-world', title: 'Hello, world', author: 'owner', publishOn: new Date(input.now).toISOString(),
    excerpt: '<p>The first post of a new blog.</p>', body: '<p>The first post of a new blog. Edit or delete it in the owner area.</p>',
  };
  out.posts = [post];
  out.navigation = { 'main-nav': [{ title: 'Home', collection: 'home' }, { title: 'Blog', collection: 'blog' }, { title: 'About', collection: 'about' }] };
  return out;
}

/** The demo files the store starter's rows point at (fixtures/demo/ paths): images and digital products' files. */
export function storeStarterFiles(): string[] {
  const files = Object.keys(demoImages).map((file) => `images/${file}`);
  for (const product of demoProducts as DemoFixtures['products']) if (product.digital) files.push(product.digital.file);
  return files;
}

/**
 * The starter theme: the files of the default site's theme version 1 (the seeded theme), so
 * every new site starts from the same templates. Empty when the deployment has no default site.
 */
export async function starterThemeFiles(db: Db): Promise<DemoFixtures['themeFiles']> {
  return query(() =>
    db
      .select({ path: themeFiles.path, content: themeFiles.content })
      .from(themeFiles)
      .innerJoin(themeVersions, eq(themeVersions.id, themeFiles.versionId))
      .innerJoin(websites, eq(websites.id, themeVersions.websiteId))
      .where(and(eq(websites.isDefault, true), eq(themeVersions.number, 1)))
      .orderBy(themeFiles.path),
  );
}
