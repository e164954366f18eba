import type { PredicateTable } from '../types.js';

export const I18N_PREDICATES: PredicateTable = {};
