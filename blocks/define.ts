import type { z } from 'zod';

/** SPEC §2 block menu groups, in menu order. */
export const BLOCK_MENU_GROUPS = [
  'BASIC', 'IMAGE', 'GALLERY', 'SUMMARY', 'MORE', 'FILTERS_LISTS', 'COMMERCE', 'CHARTS', 'SOCIAL', 'INTEGRATIONS', 'TOCK', 'GLOBAL', 'PREMIUM',
] as const;
export type BlockMenuGroup = (typeof BLOCK_MENU_GROUPS)[number];

/** What the worker computes from a block's props for its partial (rich text HTML, a srcdoc). */
export type BlockView = Record<string, unknown>;

/**
 * One block type: its props schema (with defaults), SPEC §2 menu group, SPEC §3 BlockType
 * code and default partial. The partial sees `{ id, type, props, view, data }` (`data`: what
 * its server loader found, see `defineLoader`) over the page's context (`localizedStrings`, `website`...).
 */
export interface BlockDefinition<Props extends z.ZodType = z.ZodType> {
  /** The `type` of a layout's block, and the theme override's name (`blocks/<name>.html`). */
  name: string;
  /** SPEC §3 BlockType. */
  code: number;
  group: BlockMenuGroup;
  props: Props;
  /** The default partial, the `<name>.html` beside the definition, verbatim. */
  partial: string;
  /** Markup the owner wrote runs (in a sandboxed frame): only roles with `pageCode` may add it. */
  runsCode?: boolean;
  view?: (props: z.output<Props>) => BlockView;
}

/**
 * Declares a block type; the registry (blocks/registry.ts) lists each once.
 * @example export const spacerBlock = defineBlock({ name: 'spacer', code: 21, group: 'BASIC', props: z.strictObject({}), partial: SPACER_PARTIAL });
 */
export function defineBlock<Props extends z.ZodType>(definition: BlockDefinition<Props>): BlockDefinition<Props> {
  return definition;
}

/**
 * A block type's server data loader (`blocks/<name>/loader.ts`, the one file of a block
 * that may import edge/services). The worker calls it once per page with the props of
 * every block of its type on that page, in page order, and the request's load context
 * (edge/services/block-loads.ts `BlockLoadContext`); it answers one value per block in the
 * same order (undefined: nothing found), usually from one batched D1 query for them all.
 * The block's partial reads its value as `data`.
 */
export type BlockLoader<Props, Context> = (props: readonly Props[], context: Context) => Promise<readonly unknown[]>;

/** A loader with the block type it serves (listed in blocks/loaders.ts). */
export interface BlockLoaderEntry<Context> {
  name: string;
  load: BlockLoader<unknown, Context>;
}

/**
 * Declares `block`'s server loader. Loaders are listed apart from the registry
 * (blocks/loaders.ts, read by the worker only) so that the props schemas and partials the
 * editor bundles never pull D1 code into the browser.
 * @example export const productLoader = defineLoader(productBlock, async (props, ctx: BlockLoadContext) => ...);
 */
export function defineLoader<Props extends z.ZodType, Context>(
  block: BlockDefinition<Props>,
  load: BlockLoader<z.output<Props>, Context>,
): BlockLoaderEntry<Context> {
  // The worker hands a loader only props its block's schema has parsed.
  return { name: block.name, load: load as BlockLoader<unknown, Context> };
}
