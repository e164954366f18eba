import { z } from 'zod';
import { MAX_BLOCKS_PER_LAYOUT, MAX_LAYOUT_BYTES, MAX_SECTIONS_PER_LAYOUT } from '../domain/pages/page-rules.js';
import { PAGE_MESSAGES } from '../domain/pages/page-messages.js';
import { blockDefinition, PLANNED_BLOCKS } from './registry.js';
import { sectionDesign } from './section-design.js';

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Ids are 1 to 64 letters, digits, hyphens or underscores.');
// A 12-column grid; rows grow downwards.
const placement = z.strictObject({
  col: z.number().int().min(1).max(12),
  row: z.number().int().min(1).max(1000),
  span: z.number().int().min(1).max(12),
  rows: z.number().int().min(1).max(100),
});

/** Where a block sits: desktop always, phone when it differs. */
const blockLayout = z.strictObject({ desktop: placement, mobile: placement.optional() });

// Props stay opaque here: each block's own schema checks them (parseLayout).
const blockShape = z.strictObject({ id, type: z.string().max(50), props: z.record(z.string(), z.unknown()).default({}), layout: blockLayout });
const sectionShape = z.strictObject({ id, design: sectionDesign, blocks: z.array(blockShape).max(1000) });
const layoutShape = z.strictObject({ sections: z.array(sectionShape).max(MAX_SECTIONS_PER_LAYOUT) });

type BlockPlacement = z.output<typeof placement>;
type LayoutBlock = z.output<typeof blockShape>;
type LayoutSection = z.output<typeof sectionShape>;
/** A page's layout document, as stored in a revision (defaults filled in). */
export type PageLayout = z.output<typeof layoutShape>;

export const EMPTY_LAYOUT: PageLayout = { sections: [] };

export type LayoutCheck = { ok: true; layout: PageLayout } | { ok: false; message: string; fields: Record<string, string> };

function byteLength(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value) ?? '').length;
}

/** True when two grid placements share a cell (columns `col … col+span-1`, rows `row … row+rows-1`). */
function overlaps(a: BlockPlacement, b: BlockPlacement): boolean {
  return a.col < b.col + b.span && b.col < a.col + a.span && a.row < b.row + b.rows && b.row < a.row + a.rows;
}

/**
 * Validates a layout document at a write: its shape, each block's props against its type's
 * schema (defaults filled in), unique ids, no two blocks of a section sharing a desktop grid cell (the phone
 * placement may stack freely), at most 60 blocks (SPEC §9) and 1 MB. `fields`
 * keys each problem by its path under `prefix` (`layout.sections.0.blocks.2.props.href`).
 */
export function parseLayout(input: unknown, prefix = 'layout'): LayoutCheck {
  const fields: Record<string, string> = {};
  const fail = (path: readonly PropertyKey[], message: string) => {
    fields[[prefix, ...path.map(String)].join('.')] ??= message;
  };
  if (byteLength(input) > MAX_LAYOUT_BYTES) fail([], PAGE_MESSAGES.layoutTooLarge);
  const shape = Object.keys(fields).length ? undefined : layoutShape.safeParse(input);
  if (shape && !shape.success) for (const issue of shape.error.issues) fail(issue.path, issue.message);
  if (!shape?.success) return { ok: false, message: Object.values(fields)[0]!, fields };

  const layout = shape.data;
  const count = layout.sections.reduce((n, s) => n + s.blocks.length, 0);
  if (count > MAX_BLOCKS_PER_LAYOUT) fail(['sections'], PAGE_MESSAGES.maxBlocks(MAX_BLOCKS_PER_LAYOUT));
  const seen = new Set<string>();
  layout.sections.forEach((section, s) => {
    if (seen.has(section.id)) fail(['sections', s, 'id'], PAGE_MESSAGES.duplicateId(section.id));
    seen.add(section.id);
    section.blocks.forEach((block, b) => {
      const at = ['sections', s, 'blocks', b];
      if (seen.has(block.id)) fail([...at, 'id'], PAGE_MESSAGES.duplicateId(block.id));
      seen.add(block.id);
      const definition = blockDefinition(block.type);
      if (!definition) {
        fail([...at, 'type'], Object.hasOwn(PLANNED_BLOCKS, block.type) ? PAGE_MESSAGES.blockNotAvailable(block.type) : PAGE_MESSAGES.unknownBlock(block.type));
        return;
      }
      const props = definition.props.safeParse(block.props);
      if (props.success) block.props = props.data as Record<string, unknown>;
      else for (const issue of props.error.issues) fail([...at, 'props', ...issue.path], issue.message);
    });
  });
  layout.sections.forEach((section, s) => {
    section.blocks.forEach((block, b) => {
      const other = section.blocks.slice(0, b).find((earlier) => overlaps(earlier.layout.desktop, block.layout.desktop));
      if (other) fail(['sections', s, 'blocks', b, 'layout', 'desktop'], PAGE_MESSAGES.blockOverlap(other.id));
    });
  });
  const messages = Object.values(fields);
  return messages.length ? { ok: false, message: messages[0]!, fields } : { ok: true, layout };
}

/** The blocks of `layout` whose markup runs (html, embed), keyed by id with their props as JSON. */
export function codeBlocks(layout: PageLayout): Map<string, string> {
  const found = new Map<string, string>();
  for (const section of layout.sections) {
    for (const block of section.blocks) {
      if (blockDefinition(block.type)?.runsCode) found.set(block.id, `${block.type}:${JSON.stringify(block.props)}`);
    }
  }
  return found;
}
