import {
  websites, websiteHosts, multilingualSettings, commercePreferences, collections, authors, items,
  itemImages, assets, products, variants, subscriptionPlans, merchandising, forms, navigationItems, templates, themeVersions, themeFiles,
  mailingLists, pages, pageRevisions,
} from '../index.js';
import { RECORD_TYPE } from '../types.js';
import type { DemoFixtures, ProductFixture } from './fixture-types.js';
import { contentHash, demoId } from './ids.js';
import { insertRow, type SeedStatement } from './statements.js';
import { buildProductRows } from './product-rows.js';
import { checkoutSeedRows } from './checkout-rows.js';
import { buildTranslationRows } from './translation-rows.js';
import { searchSeedStatement, type SearchSource } from '../search.js';

/** A file to copy into R2: `file` is relative to fixtures/demo/. */
export interface SeedUpload {
  key: string;
  file: string;
  contentType: string;
}

export interface DemoSeed {
  websiteId: string;
  /** The website's identifier, which seeded ids derive from. */
  identifier: string;
  statements: SeedStatement[];
  uploads: SeedUpload[];
}

const CONTENT_TYPES: Record<string, string> = { svg: 'image/svg+xml', pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' };

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The words of a seeded layout for the search index: rich text and button labels, each
 * as its own paragraph. (The worker indexes a page it publishes from its rendered blocks.)
 */
function layoutWords(layout: unknown): string {
  const words: string[] = [];
  const walk = (value: unknown, key = ''): void => {
    if (typeof value === 'string') {
      if (key === 'text' || key === 'label') words.push(value);
    } else if (Array.isArray(value)) {
      for (const v of value) walk(v);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  walk(layout);
  return words.map((w) => `<p>${w.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</p>`).join('');
}

function epochMs(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`invalid date in demo fixtures: ${iso}`);
  return ms;
}

/** How a seed is made for a site other than the demo (edge/services/platform/starters.ts). */
export interface SeedOptions {
  /**
   * What row ids and file keys derive from; default the website's identifier (the demo's
   * stable ids). A created site passes a random root, so its ids cannot be guessed.
   */
  idRoot?: string;
}

/**
 * Turns the demo fixtures into INSERT statements in foreign-key order, plus the files
 * to upload. Pure and deterministic: the same fixtures always give the same ids and SQL.
 * @example const { statements } = buildDemoSeed(await loadDemoFixtures());
 */
export function buildDemoSeed(demo: DemoFixtures, options: SeedOptions = {}): DemoSeed {
  const site = demo.website;
  const root = options.idRoot ?? site.identifier;
  const websiteId = demoId(root, 'website');
  const id = (...parts: string[]) => demoId(root, ...parts);
  const createdOn = epochMs(site.createdOn);
  const out: SeedStatement[] = [];
  const uploads: SeedUpload[] = [];
  // Every item also gets its full-text index row, written after the items.
  const searchable: SearchSource[] = [];

  out.push(insertRow(websites, {
    id: websiteId, identifier: site.identifier, primaryHost: site.primaryHost, isDefault: site.isDefault ?? false,
    title: site.title, tagline: site.tagline, locale: site.locale, timeZone: site.timeZone, currency: site.currency,
    colour: site.colour, siteSettings: site.siteSettings, storeSettings: site.storeSettings,
    localizedStrings: site.localizedStrings, captchaSiteKey: site.captchaSiteKey, header: site.header,
    footer: site.footer, socialAccounts: site.socialAccounts, createdOn, updatedOn: createdOn, contentVersion: 1,
  }));
  for (const host of site.hosts ?? []) out.push(insertRow(websiteHosts, { host, websiteId }));
  if (site.multilingual) {
    out.push(insertRow(multilingualSettings, { websiteId, ...site.multilingual, updatedOn: createdOn }));
  }
  for (const [namespace, value] of Object.entries(site.commercePreferences ?? {})) {
    out.push(insertRow(commercePreferences, { websiteId, namespace, value, updatedOn: createdOn }));
  }

  const assetId = (file: string) => id('asset', file);
  for (const [file, image] of Object.entries(demo.images)) {
    const key = `${root}/images/${file}`;
    out.push(insertRow(assets, {
      id: assetId(file), websiteId, kind: 'image', r2Key: key, filename: file, contentType: contentTypeOf(file),
      byteSize: sizeOf(demo, `images/${file}`), originalSize: image.originalSize, focalPointX: image.focalPoint.x,
      focalPointY: image.focalPoint.y, colorData: image.colorData, altText: image.altText, createdOn,
    }));
    uploads.push({ key, file: `images/${file}`, contentType: contentTypeOf(file) });
  }
  for (const product of demo.products) {
    if (!product.digital) continue;
    const file = product.digital.file;
    const key = `${root}/${file}`;
    out.push(insertRow(assets, {
      id: assetId(file), websiteId, kind: 'file', r2Key: key, filename: file.slice(file.lastIndexOf('/') + 1),
      contentType: contentTypeOf(file), byteSize: sizeOf(demo, file), title: product.title, createdOn,
    }));
    uploads.push({ key, file, contentType: contentTypeOf(file) });
  }

  for (const author of demo.authors) {
    out.push(insertRow(authors, { id: id('author', author.key), websiteId, displayName: author.displayName, bio: author.bio }));
  }
  for (const form of demo.forms) {
    const mailingListId = form.mailingList ? id('mailing-list', form.key) : undefined;
    if (mailingListId) out.push(insertRow(mailingLists, { id: mailingListId, websiteId, name: form.mailingList!, createdOn }));
    out.push(insertRow(forms, {
      id: id('form', form.key), websiteId, kind: form.kind, name: form.name, fields: form.fields,
      submitButtonText: form.submitButtonText, submissionHtml: form.submissionHtml,
      captchaEnabled: form.captchaEnabled ?? false, notifyEmail: form.notifyEmail, mailingListId, createdOn,
    }));
  }

  const collectionId = (urlId: string) => id('collection', urlId);
  demo.collections.forEach((c, index) => {
    out.push(insertRow(collections, {
      id: collectionId(c.urlId), websiteId, type: c.type, typeName: c.typeName, urlId: c.urlId, fullUrl: c.fullUrl,
      title: c.title, navigationTitle: c.navigationTitle ?? c.title, description: c.description,
      seoTitle: c.seoTitle, seoDescription: c.seoDescription,
      formId: c.formKey ? id('form', c.formKey) : undefined, isHomepage: c.isHomepage ?? false,
      itemsPerPage: c.itemsPerPage ?? 20, ordering: c.ordering ?? 'chronological', displayIndex: index,
      createdOn, updatedOn: createdOn,
    }));
  });

  // Plain pages' content: block layouts (fixtures/demo/pages.json), published as version 1.
  // A form block names its form by fixture key (`formKey`); the row holds the form's id.
  for (const page of demo.pages) {
    const pageId = id('page', page.slug);
    const document = JSON.stringify(page.layout, (key, value: unknown) =>
      key === 'props' && value && typeof value === 'object' && 'formKey' in value
        ? { ...Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'formKey')), form: id('form', String(value.formKey)) }
        : value,
    );
    out.push(insertRow(pages, {
      id: pageId, websiteId, title: page.title, slug: page.slug, status: 'published', draftVersion: 1, publishedVersion: 1,
      publishedOn: createdOn, createdOn, updatedOn: createdOn,
    }));
    out.push(insertRow(pageRevisions, { pageId, version: 1, document, authorName: 'Fern & Kiln', savedOn: createdOn, publishedOn: createdOn }));
    // Published pages are in the site search (the worker re-indexes a page on every publish).
    searchable.push({ id: pageId, websiteId, title: page.title, body: layoutWords(page.layout) });
  }

  // A starter without posts or products needs no blog or shop collection.
  const journal = demo.posts.length ? requireCollection(demo, 1) : undefined;
  demo.posts.forEach((post, index) => {
    const publishOn = epochMs(post.publishOn);
    searchable.push({ ...post, id: id('item', 'journal', post.urlId), websiteId });
    out.push(insertRow(items, {
      id: id('item', 'journal', post.urlId), websiteId, collectionId: collectionId(journal!.urlId),
      recordType: RECORD_TYPE.text, urlId: post.urlId, fullUrl: `${journal!.fullUrl}/${post.urlId}`, title: post.title,
      body: post.body, excerpt: post.excerpt, authorId: id('author', post.author), categories: post.categories ?? [],
      tags: post.tags ?? [], starred: post.starred ?? false, addedOn: publishOn, publishOn, updatedOn: publishOn,
      commentState: post.commentState ?? 0, publicCommentCount: post.publicCommentCount ?? 0,
      likeCount: post.likeCount ?? 0, mainImageId: post.mainImage ? assetId(post.mainImage) : undefined,
      displayIndex: index,
    }));
  });

  const shop = demo.products.length ? requireCollection(demo, 13) : undefined;
  demo.products.forEach((product: ProductFixture, index) => {
    const itemId = id('item', 'shop', product.urlId);
    const publishOn = epochMs(product.publishOn);
    searchable.push({ ...product, id: itemId, websiteId });
    out.push(insertRow(items, {
      id: itemId, websiteId, collectionId: collectionId(shop!.urlId), recordType: RECORD_TYPE.storeItem,
      urlId: product.urlId, fullUrl: `${shop!.fullUrl}/${product.urlId}`, title: product.title, body: product.body,
      excerpt: product.excerpt, authorId: id('author', demo.authors[0]?.key ?? ''), categories: product.categories ?? [],
      tags: product.tags ?? [], starred: product.starred ?? false, addedOn: publishOn, publishOn, updatedOn: publishOn,
      mainImageId: product.images[0] ? assetId(product.images[0]) : undefined, displayIndex: index,
    }));
    product.images.forEach((file, position) => out.push(insertRow(itemImages, { itemId, assetId: assetId(file), position })));
    out.push(...buildProductRows({ product, itemId, websiteId, currency: site.currency, id, assetId }));
  });

  for (const [menu, entries] of Object.entries(demo.navigation)) {
    entries.forEach((entry, position) => {
      out.push(insertRow(navigationItems, {
        id: id('nav', menu, String(position)), websiteId, menu, position, title: entry.title,
        collectionId: entry.collection ? collectionId(entry.collection) : undefined,
        externalLink: entry.externalLink, newWindow: entry.newWindow ?? false,
      }));
    });
  }

  // The demo theme is the site's live theme version 1; `templates` holds the live version's files.
  const themeVersionId = id('theme', '1');
  out.push(insertRow(themeVersions, { id: themeVersionId, websiteId, number: 1, note: 'Demo theme', state: 'live', createdOn, publishedOn: createdOn }));
  for (const file of demo.themeFiles) {
    const hash = contentHash(file.content);
    out.push(insertRow(templates, { websiteId, path: file.path, content: file.content, hash, updatedOn: createdOn }));
    out.push(insertRow(themeFiles, { versionId: themeVersionId, path: file.path, content: file.content, sha256: hash }));
  }
  out.push(...checkoutSeedRows(websiteId, id));
  out.push(...buildTranslationRows(demo, websiteId, id, createdOn));
  for (const item of searchable) out.push(searchSeedStatement(item));
  return { websiteId, identifier: site.identifier, statements: out, uploads };
}

function sizeOf(demo: DemoFixtures, file: string): number {
  const size = demo.fileSizes[file];
  if (size === undefined) throw new Error(`demo fixture file missing: ${file}`);
  return size;
}

function requireCollection(demo: DemoFixtures, type: number) {
  const found = demo.collections.find((c) => c.type === type);
  if (!found) throw new Error(`demo fixtures need a collection of type ${type}`);
  return found;
}
