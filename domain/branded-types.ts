/**
 * Scalar types with a meaning (STYLE 12): money in minor units and instants in epoch
 * milliseconds, shared by the schema, the worker and the browser.
 */

/** An amount in the currency's minor units (cents; yen for JPY): always an integer. */
export type Cents = number & { readonly __brand: 'Cents' };

/** An instant as milliseconds since 1970-01-01T00:00:00Z. */
export type EpochMs = number;
