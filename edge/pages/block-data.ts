import type { PageLayout } from '../../blocks/layout-schema.js';
import { BLOCK_LOADERS } from '../../blocks/loaders.js';
import type { BlockLoadContext } from '../services/block-loads.js';
import { loadItemDetails } from '../services/item-details.js';
import { merchandisingJson } from '../services/item-json/product-json.js';
import { formContext } from './context/form.js';
import { itemJson } from './context/item.js';
import type { PageRequest } from './page-request.js';
import { STORE_TEXTS_ENTITY, storeTexts } from '../../domain/languages/store-texts.js';

/** The load context of one request (edge/services/block-loads.ts). */
function loadContext(req: PageRequest): BlockLoadContext {
  return {
    db: req.db,
    site: req.site,
    now: req.now,
    async items(rows) {
      const details = await loadItemDetails(req.db, rows);
      return {
        byId: new Map(rows.map((row) => [row.id, itemJson(row, details)])),
        productMerchandisingContext: merchandisingJson(details.merchandising.values(), details.variants, 'product-list'),
      };
    },
    form: (form) => formContext(req, form),
    async texts() {
      const table = req.translations ? await req.translations : undefined;
      return storeTexts((key) => table?.get('system', STORE_TEXTS_ENTITY, key));
    },
  };
}

/**
 * Runs the server loaders of `layout`'s blocks: one call per block type with every block
 * of that type (each loader batches its own queries), the types in parallel. Answers each
 * block's data by block id; blocks whose type has no loader get none.
 */
export async function loadBlockData(req: PageRequest, layout: PageLayout): Promise<Map<string, unknown>> {
  const byType = new Map<string, { id: string; props: unknown }[]>();
  for (const section of layout.sections) {
    for (const block of section.blocks) {
      if (!BLOCK_LOADERS.has(block.type)) continue;
      const list = byType.get(block.type);
      if (list) list.push(block);
      else byType.set(block.type, [block]);
    }
  }
  const data = new Map<string, unknown>();
  if (byType.size === 0) return data;
  const context = loadContext(req);
  await Promise.all(
    [...byType].map(async ([type, blocks]) => {
      const values = await BLOCK_LOADERS.get(type)!(blocks.map((b) => b.props), context);
      blocks.forEach((block, i) => {
        if (values[i] !== undefined) data.set(block.id, values[i]);
      });
    }),
  );
  return data;
}
