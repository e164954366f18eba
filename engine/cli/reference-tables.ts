/**
 * Reference entries for the predicates the engine generates from its enum tables (record
 * types, promoted blocks, background sources, gallery options): one entry per name, made
 * from the same tables, each with an example that engine/cli/reference.test.ts renders.
 */
import { BACKGROUND_SOURCES, PROMOTED_BLOCK_TYPES, RECORD_TYPES } from '../plugins/content/enums.js';
import { ACTIVE_ALIGNMENTS, BOOLEAN_OPTIONS, DESIGNS, META_POSITIONS } from '../plugins/gallery/options.js';

export interface ReferenceEntry {
  /** How it is called, e.g. `{value|truncate length [ellipsis]}`. */
  usage: string;
  description: string;
  example: { template: string; data: unknown; output: string };
}

const ex = (template: string, data: unknown, output: string) => ({ template, data, output });

/** Record types whose predicate also matches an item promoting a block of that kind (content/predicates.ts). */
const PROMOTING = new Set(['video', 'image', 'quote', 'link', 'gallery']);

function recordTypes(): Record<string, ReferenceEntry> {
  const out: Record<string, ReferenceEntry> = {};
  for (const [name, code] of Object.entries(RECORD_TYPES)) {
    const yes = `{.${name}?}yes{.or}no{.end}`;
    out[`${name}?`] = PROMOTING.has(name)
      ? {
          usage: `{.${name}?}...{.end}`,
          description: `The scope's \`recordType\` is ${code} (${name}), or it promotes a ${name} block (\`promotedBlockType\` "${name}").`,
          example: ex(yes, { promotedBlockType: name }, 'yes'),
        }
      : { usage: `{.${name}?}...{.end}`, description: `The scope's \`recordType\` is ${code} (${name === 'undefined' ? 'no type' : name}).`, example: ex(yes, { recordType: code }, 'yes') };
  }
  out['external-video?'] = {
    usage: '{.external-video?}...{.end}',
    description: `Same as \`video?\`: the scope's \`recordType\` is ${RECORD_TYPES.video}, or it promotes a video block.`,
    example: ex('{.external-video?}yes{.or}no{.end}', { recordType: RECORD_TYPES.text }, 'no'),
  };
  return out;
}

function promotedBlocks(): Record<string, ReferenceEntry> {
  const out: Record<string, ReferenceEntry> = {};
  for (const type of PROMOTED_BLOCK_TYPES) {
    const name = `promoted${type.toUpperCase()}?`;
    out[name] = {
      usage: `{.${name}}...{.end}`,
      description: `The scope's \`promotedBlockType\` is "${type}" (the item shows a ${type} block in lists).`,
      example: ex(`{.${name}}yes{.or}no{.end}`, { promotedBlockType: type }, 'yes'),
    };
  }
  return out;
}

function backgroundSources(): Record<string, ReferenceEntry> {
  const out: Record<string, ReferenceEntry> = {};
  for (const [name, code] of Object.entries(BACKGROUND_SOURCES)) {
    const pred = `background-source-${name}?`;
    out[pred] = {
      usage: `{.${pred}}...{.end}`,
      description: `The scope's \`backgroundSource\` is ${code} (${name === 'undefined' ? 'not set' : name}).`,
      example: ex(`{.${pred}}yes{.or}no{.end}`, { backgroundSource: code }, 'yes'),
    };
  }
  return out;
}

function galleryOptions(): Record<string, ReferenceEntry> {
  const out: Record<string, ReferenceEntry> = {};
  const choice = (option: string, values: readonly string[], prefix: string) => {
    for (const value of values) {
      const pred = `gallery-${prefix}-${value}?`;
      out[pred] = {
        usage: `{.${pred}}...{.end}`,
        description: `The gallery's \`options.${option}\` (looked up through the scopes, as stored: no default) is "${value}".`,
        example: ex(`{.${pred}}yes{.or}no{.end}`, { options: { [option]: value } }, 'yes'),
      };
    }
  };
  choice('design', DESIGNS, 'design');
  choice('meta-position', META_POSITIONS, 'meta-position');
  choice('active-alignment', ACTIVE_ALIGNMENTS, 'active-alignment');
  for (const option of BOOLEAN_OPTIONS) {
    out[`gallery-${option}?`] = {
      usage: `{.gallery-${option}?}...{.end}`,
      description: `The gallery's \`options.${option}\` is set and true (as stored: no default).`,
      example: ex(`{.gallery-${option}?}on{.or}off{.end}`, { options: { [option]: false } }, 'off'),
    };
  }
  out['gallery-meta?'] = {
    usage: '{.gallery-meta?}...{.end}',
    description: "Captions show: the gallery's `options.controls` or `options.indicators` is truthy.",
    example: ex('{.gallery-meta?}captions{.or}none{.end}', { options: { indicators: true } }, 'captions'),
  };
  return out;
}

/** Entries of every generated predicate, by name. */
export const TABLE_PREDICATE_DOCS: Readonly<Record<string, ReferenceEntry>> = {
  ...recordTypes(),
  ...promotedBlocks(),
  ...backgroundSources(),
  ...galleryOptions(),
};
