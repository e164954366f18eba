import type { PredicateTable } from '../../plugin-contract.js';

export const DATE_PREDICATES: PredicateTable = {};
