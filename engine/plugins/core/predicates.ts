import type { PredicateTable } from '../types.js';

export const CORE_PREDICATES: PredicateTable = {};
