import { and, asc, eq, sql } from 'drizzle-orm';
import { items, translations, type TranslationKind, type TranslationStatus } from '../../../schema/index.js';
import { translationSearchStatements } from '../../../schema/translation-search.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import { forgetSite } from '../site-versions.js';
import { syncPageSearch } from '../page-search.js';
import { TranslationTable } from './texts.js';

/** The published (`done`) texts of one language: one query, read by every page of that language. */
export async function loadTranslationTable(db: Db, websiteId: string, language: string): Promise<TranslationTable> {
  const rows = await query(() =>
    db
      .select({ kind: translations.kind, entityId: translations.entityId, fieldKey: translations.fieldKey, text: translations.text })
      .from(translations)
      .where(and(eq(translations.websiteId, websiteId), eq(translations.language, language), eq(translations.status, 'done'))),
  );
  return new TranslationTable(rows);
}

export type TranslationRow = typeof translations.$inferSelect;

/** Every stored text of one language (any status), for the owner's list. */
export async function storedTranslations(db: Db, websiteId: string, language: string): Promise<TranslationRow[]> {
  return query(() =>
    db
      .select()
      .from(translations)
      .where(and(eq(translations.websiteId, websiteId), eq(translations.language, language)))
      .orderBy(asc(translations.kind), asc(translations.entityId), asc(translations.fieldKey)),
  );
}

export interface TranslationInput {
  kind: TranslationKind;
  entityId: string;
  fieldKey: string;
  language: string;
  text: string;
  status: Exclude<TranslationStatus, 'missing'>;
  /** sourceHash() of the source it translates (sources.ts); null when not known. */
  sourceHash?: string | null;
}

/**
 * A row's `updated_on` only ever grows (at least by 1 per save, whatever the clock says), so
 * the owner API uses it as the text's version: an `If-Match` names the `updatedOn` the owner
 * edited (0: a missing text, never saved).
 */
const nextStamp = sql`max(excluded.updated_on, ${translations.updatedOn} + 1)`;

/**
 * Saves one translated text (insert or replace on its unique key) and moves the content
 * version in the same batch, so cached pages of that language render again. A product's
 * translated search row is rewritten after (markup stripped there, see `reindexProduct`).
 * With `basedOn` (the `updatedOn` the owner edited, 0 for a missing text) the write is one
 * conditional statement: it stores nothing and answers null when the row moved on since.
 */
export async function saveTranslation(db: Db, websiteId: string, input: TranslationInput, now = Date.now(), basedOn?: number): Promise<TranslationRow | null> {
  const values = { websiteId, ...input, updatedOn: now };
  const target = [translations.websiteId, translations.kind, translations.entityId, translations.fieldKey, translations.language];
  const write =
    basedOn === undefined
      ? db.insert(translations).values(values).onConflictDoUpdate({ target, set: { text: input.text, status: input.status, sourceHash: input.sourceHash ?? null, updatedOn: nextStamp } }).returning()
      : basedOn === 0
        ? db.insert(translations).values(values).onConflictDoNothing({ target }).returning()
        : db
            .update(translations)
            .set({ text: input.text, status: input.status, sourceHash: input.sourceHash ?? null, updatedOn: sql`max(${now}, ${translations.updatedOn} + 1)` })
            .where(
              and(
                eq(translations.websiteId, websiteId), eq(translations.kind, input.kind), eq(translations.entityId, input.entityId),
                eq(translations.fieldKey, input.fieldKey), eq(translations.language, input.language), eq(translations.updatedOn, basedOn),
              ),
            )
            .returning();
  // The content version moves in the same batch (also on a refused save: one needless re-render, never a stale page).
  const [[row]] = await query(() => db.batch([write, bumpStatement(db, websiteId, now)]));
  forgetSite(websiteId);
  if (!row) return null;
  if (input.kind === 'product') await reindexProduct(db, websiteId, input.entityId, input.language);
  // A page's texts: its rows in the translations' index (the header and footer are no page of their own).
  if (input.kind === 'block' && input.entityId !== 'site-header' && input.entityId !== 'site-footer') await syncPageSearch(db, websiteId, input.entityId);
  return row;
}

/** One stored text of a language (any status), or undefined: what a 412 shows as the current text. */
export async function storedTranslation(db: Db, websiteId: string, key: Omit<TranslationInput, 'text' | 'status'>): Promise<TranslationRow | undefined> {
  const [row] = await query(() =>
    db
      .select()
      .from(translations)
      .where(
        and(
          eq(translations.websiteId, websiteId), eq(translations.kind, key.kind), eq(translations.entityId, key.entityId),
          eq(translations.fieldKey, key.fieldKey), eq(translations.language, key.language),
        ),
      ),
  );
  return row;
}

/**
 * Saves many translated texts of one language at once (an imported file): every row and the
 * content version in one batch, so a file is imported whole or not at all; the derived search
 * rows of the products and pages it touched are rewritten after.
 */
export async function saveTranslations(db: Db, websiteId: string, language: string, texts: readonly Omit<TranslationInput, 'language'>[], now = Date.now()): Promise<void> {
  if (texts.length === 0) return;
  const writes = texts.map((t) =>
    db
      .insert(translations)
      .values({ websiteId, ...t, language, updatedOn: now })
      .onConflictDoUpdate({
        target: [translations.websiteId, translations.kind, translations.entityId, translations.fieldKey, translations.language],
        set: { text: t.text, status: t.status, sourceHash: t.sourceHash ?? null, updatedOn: nextStamp },
      }),
  );
  await query(() => db.batch([bumpStatement(db, websiteId, now), ...writes]));
  forgetSite(websiteId);
  for (const id of new Set(texts.filter((t) => t.kind === 'product').map((t) => t.entityId))) await reindexProduct(db, websiteId, id, language);
  for (const id of new Set(texts.filter((t) => t.kind === 'block' && t.entityId !== 'site-header' && t.entityId !== 'site-footer').map((t) => t.entityId))) {
    await syncPageSearch(db, websiteId, id);
  }
}

/** Rewrites a product's translated search row for `language` from its `done` texts (the primary text fills the rest). */
export async function reindexProduct(db: Db, websiteId: string, itemId: string, language: string): Promise<void> {
  const [[item], texts] = await query(() =>
    db.batch([
      db.select({ title: items.title, excerpt: items.excerpt, body: items.body }).from(items).where(and(eq(items.id, itemId), eq(items.websiteId, websiteId))),
      db
        .select({ field: translations.fieldKey, text: translations.text })
        .from(translations)
        .where(
          and(
            eq(translations.websiteId, websiteId), eq(translations.kind, 'product'), eq(translations.entityId, itemId),
            eq(translations.language, language), eq(translations.status, 'done'),
          ),
        ),
    ]),
  );
  if (!item) return;
  const t = new Map(texts.map((r) => [r.field, r.text]));
  const statements = translationSearchStatements({
    itemId, websiteId, language, title: t.get('title') ?? item.title, excerpt: t.get('excerpt') ?? item.excerpt, body: t.get('body') ?? item.body,
  });
  await query(() => db.$client.batch(statements.map((s) => db.$client.prepare(s.sql).bind(...s.params))));
}
