/**
 * i18n predicates. `units-metric?` (optional category argument, e.g.
 * `{.units-metric? length}`) is true when the locale measures that category in
 * metric units; without locale data it is true.
 */
import type { Predicate, PredicateTable } from '../../plugin-contract.js';
import { systemOf } from './units/systems.js';

const unitsMetric: Predicate = (args, ctx) => ctx.locale === null || systemOf(ctx.locale, args[0] ?? 'length') === 'metric';

export const I18N_PREDICATES: PredicateTable = {
  'units-metric?': unitsMetric,
};
