import { translations } from '../translations.js';
import { translationSearchSeedStatement } from '../translation-search.js';
import type { DemoFixtures, TranslationFixture } from './fixture-types.js';
import { insertRow, type SeedStatement } from './statements.js';
import { STORE_TEXTS_ENTITY } from '../../domain/languages/store-texts.js';
import { FORM_MESSAGES_ENTITY } from '../../domain/messages/form-messages.js';

type Id = (...parts: string[]) => string;

/**
 * The demo's translations (fixtures/demo/translations.json, issue 29): pages by slug, navigation
 * labels by menu position, products and journal posts by URL id (variant options too), collections by URL id,
 * forms by key, categories, tags, system texts, store texts and form messages by name, each
 * seeded `done`; translated products and posts get their row in the translated search index.
 */
export function buildTranslationRows(demo: DemoFixtures, websiteId: string, id: Id, now: number): SeedStatement[] {
  const out: SeedStatement[] = [];
  for (const [language, fixture] of Object.entries(demo.translations ?? {}) as [string, TranslationFixture][]) {
    const row = (kind: (typeof translations.$inferInsert)['kind'], entityId: string, fieldKey: string, text: string) =>
      out.push(insertRow(translations, { websiteId, kind, entityId, fieldKey, language, text, status: 'done', updatedOn: now }));
    for (const [slug, page] of Object.entries(fixture.pages ?? {})) {
      const pageId = id('page', slug);
      if (page.title) row('block', pageId, 'title', page.title);
      for (const [field, text] of Object.entries(page.texts ?? {})) row('block', pageId, field, text);
      // The page in the translations' search index: its translated title and words (issue 29).
      const source = demo.pages.find((p) => p.slug === slug);
      if (!source) throw new Error(`translations.json names an unknown page: ${slug}`);
      const words = Object.values(page.texts ?? {}).map((t) => `<p>${t.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</p>`).join('');
      out.push(translationSearchSeedStatement({ itemId: pageId, websiteId, language, title: page.title ?? source.title, body: words }));
    }
    for (const [menu, labels] of Object.entries(fixture.navigation ?? {})) {
      labels.forEach((label, position) => row('navigation', id('nav', menu, String(position)), 'title', label));
    }
    // A product's or a journal post's texts: rows of its item (kind `product`) and its search row.
    const itemTexts = (collection: string, source: { urlId: string; title: string; excerpt?: string; body?: string }[], named: Record<string, Record<string, string>> | undefined, what: string) => {
      for (const [urlId, fields] of Object.entries(named ?? {})) {
        const item = source.find((p) => p.urlId === urlId);
        if (!item) throw new Error(`translations.json names an unknown ${what}: ${urlId}`);
        const itemId = id('item', collection, urlId);
        for (const [field, text] of Object.entries(fields)) row('product', itemId, field, text);
        out.push(translationSearchSeedStatement({
          itemId, websiteId, language, title: fields.title ?? item.title, excerpt: fields.excerpt ?? item.excerpt, body: fields.body ?? item.body,
        }));
      }
    };
    itemTexts('shop', demo.products, fixture.products, 'product');
    itemTexts('journal', demo.posts, fixture.posts, 'post');
    for (const [name, text] of Object.entries(fixture.categories ?? {})) row('category', name, 'name', text);
    for (const [name, text] of Object.entries(fixture.tags ?? {})) row('tag', name, 'name', text);
    for (const [urlId, text] of Object.entries(fixture.collections ?? {})) {
      if (!demo.collections.some((c) => c.urlId === urlId)) throw new Error(`translations.json names an unknown collection: ${urlId}`);
      row('collection', id('collection', urlId), 'title', text);
    }
    for (const [key, fields] of Object.entries(fixture.forms ?? {})) {
      for (const [field, text] of Object.entries(fields)) row('form', id('form', key), field, text);
    }
    for (const [key, text] of Object.entries(fixture.strings ?? {})) row('system', 'strings', key, text);
    for (const [key, text] of Object.entries(fixture.storeTexts ?? {})) row('system', STORE_TEXTS_ENTITY, key, text);
    for (const [key, text] of Object.entries(fixture.formMessages ?? {})) row('system', FORM_MESSAGES_ENTITY, key, text);
    for (const [entity, texts] of Object.entries(fixture.systemTexts ?? {})) {
      for (const [key, text] of Object.entries(texts)) row('system', entity, key, text);
    }
  }
  return out;
}
