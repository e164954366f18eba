import type { PredicateTable } from '../types.js';

export const CONTENT_PREDICATES: PredicateTable = {};
