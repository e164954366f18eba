// Data only (types imported): the Pages screen lists these without loading the block registry;
// starter-layout.ts makes sections of them.
import type { PageLayout } from './layout-schema.js';

type Section = PageLayout['sections'][number];
type Block = Section['blocks'][number];
type Placement = Block['layout']['desktop'];

/** A block of a starter: its type, the props that differ from the schema's defaults, and where it sits. */
interface StarterBlock {
  type: string;
  props?: Record<string, unknown>;
  at: Placement;
}

/** A starter section layout offered by the editor's "Add section" (ids are made at insertion). */
export interface SectionStarter {
  name: string;
  label: string;
  description: string;
  design?: Partial<Section['design']>;
  blocks: readonly StarterBlock[];
}

/** A starter page layout offered when a page is created. */
export interface PageStarter {
  name: string;
  label: string;
  description: string;
  sections: readonly SectionStarter[];
}

const at = (col: number, row: number, span: number, rows = 1): Placement => ({ col, row, span, rows });
const words = (text: string) => [{ type: 'text', text }];
const heading = (text: string, level = 2) => ({ text: { type: 'doc', content: [{ type: 'heading', attrs: { level }, content: words(text) }] } });
const paragraph = (text: string) => ({ text: { type: 'doc', content: [{ type: 'paragraph', content: words(text) }] } });
const headed = (title: string, text: string, level = 2) => ({
  text: { type: 'doc', content: [{ type: 'heading', attrs: { level }, content: words(title) }, { type: 'paragraph', content: words(text) }] },
});

const headingAndText: SectionStarter = {
  name: 'heading-text',
  label: 'Heading and text',
  description: 'A heading above a paragraph, full width.',
  blocks: [
    { type: 'text', props: heading('A clear heading'), at: at(1, 1, 12) },
    { type: 'text', props: paragraph('Say what this section is about in a sentence or two.'), at: at(1, 2, 12) },
  ],
};

const imageAndText: SectionStarter = {
  name: 'image-text',
  label: 'Image left, text right',
  description: 'An image beside a heading and a paragraph.',
  blocks: [
    { type: 'image', props: { alt: '' }, at: at(1, 1, 6, 2) },
    { type: 'text', props: heading('Tell your story'), at: at(7, 1, 6) },
    { type: 'text', props: paragraph('Describe the picture, the place or the people behind it.'), at: at(7, 2, 6) },
  ],
};

const threeColumns: SectionStarter = {
  name: 'three-columns',
  label: 'Three columns',
  description: 'Three images, each with a short text below.',
  blocks: [1, 5, 9].flatMap((col, i) => [
    { type: 'image', props: { alt: '' }, at: at(col, 1, 4) },
    { type: 'text', props: headed(['First', 'Second', 'Third'][i]!, 'A line or two about it.', 3), at: at(col, 2, 4) },
  ]),
};

const callToAction: SectionStarter = {
  name: 'call-to-action',
  label: 'Call to action',
  description: 'A heading, a sentence and a button, centred.',
  design: { theme: 'accent' },
  blocks: [
    { type: 'text', props: headed('Ready when you are', 'One sentence that makes the next step obvious.'), at: at(3, 1, 8) },
    { type: 'button', props: { label: 'Get in touch', href: '/contact' }, at: at(5, 2, 4) },
  ],
};

/** The section starters, in menu order (Blank is the editor's own: a section with no blocks). */
export const SECTION_STARTERS: readonly SectionStarter[] = [headingAndText, imageAndText, threeColumns, callToAction];

/** The page starters, in the order the create dialog lists them (after "Blank page"). */
export const PAGE_STARTERS: readonly PageStarter[] = [
  { name: 'simple', label: 'Simple page', description: 'A heading and text.', sections: [headingAndText] },
  { name: 'about', label: 'About', description: 'Heading and text, an image beside your story, a call to action.', sections: [headingAndText, imageAndText, callToAction] },
  { name: 'services', label: 'Services', description: 'Heading and text, three columns, a call to action.', sections: [headingAndText, threeColumns, callToAction] },
];

/** The starter of that name, if any. */
export function findStarter<T extends { name: string }>(list: readonly T[], name: string | undefined): T | undefined {
  return list.find((s) => s.name === name);
}

/**
 * A new page's first layout document from the page starter `name` (ids `s1`, `b1`, `b2` ... in
 * order, all new to an empty page), before defaults: the server fills each block's props and
 * each section's design from their schemas when it saves the draft (parseLayout), so the
 * Pages screen sends it without loading the block registry.
 */
export function starterDocument(name: string): { sections: unknown[] } | undefined {
  const starter = findStarter(PAGE_STARTERS, name);
  if (!starter) return undefined;
  let n = 0;
  return {
    sections: starter.sections.map((section) => ({
      id: `s${++n}`,
      design: { ...section.design },
      blocks: section.blocks.map((b) => ({ id: `b${++n}`, type: b.type, props: { ...b.props }, layout: { desktop: { ...b.at } } })),
    })),
  };
}
