import type { PredicateTable } from '../types.js';

export const GALLERY_PREDICATES: PredicateTable = {};
