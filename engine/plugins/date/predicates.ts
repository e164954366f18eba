import type { PredicateTable } from '../types.js';

export const DATE_PREDICATES: PredicateTable = {};
