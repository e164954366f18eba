import { compile, render, type RenderOptions, type Template, type TemplateError } from '../engine/index.js';
import type { PageLayout } from './layout-schema.js';
import { blockDefinition } from './registry.js';
import { SECTION_PARTIAL } from './section-partial.js';
import { layoutPlan } from './layout-plan.js';

/** A theme's own templates by path (`blocks/text.html`, `section.html`), when it has them. */
export type ThemeTemplate = (path: string) => Template | undefined;

export interface RenderedLayout {
  html: string;
  /** Template errors of every partial rendered, for the caller to log. */
  errors: TemplateError[];
}

/** What the worker adds to a layout's render: loaded block data and the page's context. */
export interface LayoutData {
  /** Each block's loader result by block id (blocks/define.ts `BlockLoader`), read as `data`. */
  blocks?: ReadonlyMap<string, unknown>;
  /** The page's context: block partials read its fields (`localizedStrings`, `website`) through scope. */
  page?: Record<string, unknown>;
}

// Default partials compile once per isolate (STYLE 1).
const compiledDefaults = new Map<string, Template>();

function defaultTemplate(key: string, source: string): Template {
  let template = compiledDefaults.get(key);
  if (!template) {
    template = compile(source);
    compiledDefaults.set(key, template);
  }
  return template;
}

/**
 * Renders a layout through the engine: each block with the theme's `blocks/<type>.html`
 * (else the block's default partial) and the data `{ id, type, props, view, data }` (over
 * `extra.page`, `data` from `extra.blocks`), then each
 * section with the theme's `section.html` (else the default), its `design`, `view` (blocks/section-design.ts
 * `SectionView`: classes, style, image, divider) and its blocks' HTML.
 * Blocks of types not built (never stored: writes refuse them) render nothing. The layout
 * renders through its plan (layout-plan.ts), which `atelier dev` renders the same way.
 * @example renderLayout(layout, (path) => theme.byPath.get(path), { partials: theme.partials }).html
 */
export function renderLayout(layout: PageLayout, themeTemplate: ThemeTemplate, options: RenderOptions = {}, extra: LayoutData = {}): RenderedLayout {
  const errors: TemplateError[] = [];
  const run = (template: Template, data: unknown) => {
    const result = render(template, data, options);
    errors.push(...result.errors);
    return result.output;
  };
  const sectionTemplate = themeTemplate('section.html') ?? defaultTemplate('section', SECTION_PARTIAL);
  const html = layoutPlan(layout, extra.blocks)
    .sections.map((section) => {
      const blocks = section.blocks.map((block) => {
        const template = themeTemplate(`blocks/${block.type}.html`) ?? defaultTemplate(`block:${block.type}`, blockDefinition(block.type)!.partial);
        const { layout: place, ...data } = block;
        return { id: block.id, type: block.type, layout: place, html: run(template, { ...extra.page, ...data, data: block.data }) };
      });
      return run(sectionTemplate, { id: section.id, design: section.design, view: section.view, blocks });
    })
    .join('\n');
  return { html, errors };
}
