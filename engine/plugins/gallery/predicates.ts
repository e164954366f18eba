/**
 * Gallery option predicates (`gallery-design-grid?`, `gallery-autoplay?`, ...).
 * They read `options` through the scope stack as stored, without the SPEC §3
 * defaults: a gallery with no design set is not `gallery-design-grid?`.
 */
import { asBoolean, asString, getKey, isTruthy } from '../../values.js';
import type { Predicate, PredicateTable } from '../../plugin-contract.js';
import { ACTIVE_ALIGNMENTS, BOOLEAN_OPTIONS, DESIGNS, META_POSITIONS } from './options.js';

const option = (ctx: { resolve(ref: string): unknown }, name: string): unknown =>
  getKey(ctx.resolve('options'), name);

const selects = (name: string, value: string): Predicate => (_args, ctx) => {
  const v = option(ctx, name);
  return v !== undefined && asString(v) === value;
};

const flag = (name: string): Predicate => (_args, ctx) => {
  const v = option(ctx, name);
  return v !== undefined && asBoolean(v);
};

function generated(): Record<string, Predicate> {
  const table: Record<string, Predicate> = {};
  for (const v of DESIGNS) table[`gallery-design-${v}?`] = selects('design', v);
  for (const v of META_POSITIONS) table[`gallery-meta-position-${v}?`] = selects('meta-position', v);
  for (const v of ACTIVE_ALIGNMENTS) table[`gallery-active-alignment-${v}?`] = selects('active-alignment', v);
  for (const name of BOOLEAN_OPTIONS) table[`gallery-${name}?`] = flag(name);
  return table;
}

export const GALLERY_PREDICATES: PredicateTable = {
  ...generated(),
  // Meta (captions) show when the gallery has controls or indicators.
  'gallery-meta?': (_args, ctx) => isTruthy(option(ctx, 'controls')) || isTruthy(option(ctx, 'indicators')),
};
