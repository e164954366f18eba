/** Content predicates: record, collection and folder types, events, excerpts and slides. */
import { asBoolean, asNumber, asString, getKey, isObject, isTruthy, walkPath, ownEntry } from '../../values.js';
import type { Predicate, PredicateTable } from '../../plugin-contract.js';
import {
  BACKGROUND_SOURCES,
  COLLECTION_TYPES,
  FOLDER_BEHAVIORS,
  PROMOTED_BLOCK_TYPES,
  RECORD_TYPES,
  SLICE_TYPES,
} from './enums.js';
import { removeTags } from './text.js';

const field = (ctx: { node: unknown }, key: string): unknown => getKey(ctx.node, key);

const sizeOf = (v: unknown): number =>
  Array.isArray(v) ? v.length : isObject(v) ? Object.keys(v).length : 0;

const isCollectionType = (type: unknown, code: number): boolean =>
  type !== undefined && asNumber(type) === code;

const hasMainImage = (item: unknown): boolean =>
  isTruthy(getKey(item, 'mainImageId')) || isTruthy(getKey(item, 'systemDataId'));

// Whitespace, zero-width space and no-break space do not make an excerpt.
const BLANK = /[\s\u200b\u00a0]+/g;

/** SPEC §5: an excerpt is present only if it has non-whitespace text once tags are stripped. */
const excerpt: Predicate = (_args, ctx) => {
  const value = field(ctx, 'excerpt');
  const html = getKey(value, 'html');
  const text = typeof html === 'string' ? html : typeof value === 'string' ? value : '';
  return removeTags(text).replace(BLANK, '').length > 0;
};

/** SPEC §4: a folder is clickable when its behaviour is absent, index or redirect. */
const clickable: Predicate = (_args, ctx) => {
  const behavior = ctx.resolve('folderBehavior');
  if (behavior === undefined) return true;
  const code = asNumber(behavior);
  return code === FOLDER_BEHAVIORS.index || code === FOLDER_BEHAVIORS.redirect;
};

const collectionTemplatePage: Predicate = (_args, ctx) => {
  const collection = field(ctx, 'collection');
  const type = collection === undefined ? field(ctx, 'type') : getKey(collection, 'type');
  return isCollectionType(type, COLLECTION_TYPES['template-page']);
};

const index: Predicate = (_args, ctx) => {
  const collection = field(ctx, 'collection');
  if (!isObject(collection)) return false;
  const behavior = collection.folderBehavior;
  return isTruthy(collection.folder) && typeof behavior === 'number' && behavior === FOLDER_BEHAVIORS.index;
};

const location: Predicate = (_args, ctx) => {
  const loc = field(ctx, 'location');
  return getKey(loc, 'mapLat') !== undefined && getKey(loc, 'mapLng') !== undefined;
};

// same-day? compares calendar days in UTC (conformance README).
const utcDay = (ms: number): string => {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : `${d.getUTCFullYear()}-${d.getUTCMonth()}-${d.getUTCDate()}`;
};

const sameDay: Predicate = (_args, ctx) =>
  utcDay(asNumber(field(ctx, 'startDate'))) === utcDay(asNumber(field(ctx, 'endDate')));

/** `current-type? gallery`: the slide's `currentType` is that slice type. */
const currentType: Predicate = (args, ctx) => {
  const code = ownEntry(SLICE_TYPES as Record<string, number>, args[0] ?? '');
  return code !== undefined && code !== SLICE_TYPES.undefined && code === (asNumber(field(ctx, 'currentType')) | 0);
};

const recordType = (code: number): Predicate => (_args, ctx) => asNumber(field(ctx, 'recordType')) === code;

/** Video, image, quote, link and gallery also match an item promoting a block of that kind. */
const recordOrPromoted = (code: number, blockType: string): Predicate => (_args, ctx) =>
  asNumber(field(ctx, 'recordType')) === code || asString(field(ctx, 'promotedBlockType')) === blockType;

const PROMOTED_RECORD_TYPES = ['video', 'image', 'quote', 'link', 'gallery'] as const;

function generated(): Record<string, Predicate> {
  const table: Record<string, Predicate> = {};
  for (const [name, code] of Object.entries(RECORD_TYPES)) table[`${name}?`] = recordType(code);
  for (const name of PROMOTED_RECORD_TYPES) table[`${name}?`] = recordOrPromoted(RECORD_TYPES[name], name);
  table['external-video?'] = recordOrPromoted(RECORD_TYPES.video, 'video');
  for (const type of PROMOTED_BLOCK_TYPES) {
    table[`promoted${type.toUpperCase()}?`] = (_args, ctx) => asString(field(ctx, 'promotedBlockType')) === type;
  }
  for (const [name, code] of Object.entries(BACKGROUND_SOURCES)) {
    table[`background-source-${name}?`] = (_args, ctx) => asNumber(field(ctx, 'backgroundSource')) === code;
  }
  return table;
}

export const CONTENT_PREDICATES: PredicateTable = {
  ...generated(),
  'calendar-view?': (_args, ctx) => asBoolean(ctx.resolve('calendarView')),
  'child-images?': (_args, ctx) => {
    const items = field(ctx, 'items');
    return Array.isArray(items) && items.length > 0 && hasMainImage(items[0]);
  },
  'clickable?': clickable,
  'collection?': (_args, ctx) => isTruthy(field(ctx, 'collection')),
  'collection-page?': (_args, ctx) =>
    isCollectionType(walkPath(ctx.node, ['collection', 'type']), COLLECTION_TYPES.page),
  'collection-template-page?': collectionTemplatePage,
  'collectionTypeNameEquals?': (args, ctx) =>
    args.length > 0 && asString(ctx.resolve('typeName')) === args[0],
  'current-type?': currentType,
  'excerpt?': excerpt,
  'external-link?': (_args, ctx) => isTruthy(field(ctx, 'externalLink')),
  'folder?': (_args, ctx) => isTruthy(walkPath(ctx.node, ['collection', 'folder'])),
  'has-multiple?': (_args, ctx) => sizeOf(ctx.node) > 1,
  'index?': index,
  'location?': location,
  'main-image?': (_args, ctx) => hasMainImage(ctx.node),
  'passthrough?': (_args, ctx) =>
    isTruthy(field(ctx, 'passthrough')) && asString(field(ctx, 'sourceUrl')) !== '',
  'redirect?': (_args, ctx) => asNumber(field(ctx, 'folderBehavior')) === FOLDER_BEHAVIORS.redirect,
  'same-day?': sameDay,
  'serviceNameEmail?': (_args, ctx) => asString(field(ctx, 'serviceName')) === 'email',
  'show-past-events?': (_args, ctx) => asString(field(ctx, 'showPastOrUpcomingEvents')) === 'past',
};
