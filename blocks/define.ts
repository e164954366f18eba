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
 * code and default partial. The partial sees `{ id, type, props, view }`.
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
