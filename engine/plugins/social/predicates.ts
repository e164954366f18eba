import type { PredicateTable } from '../types.js';

export const SOCIAL_PREDICATES: PredicateTable = {};
