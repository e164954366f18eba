/**
 * SPEC §5 postcode texts for the form, checked as the shopper leaves the field: the very
 * rules the server applies (a pure module, bundled as is), so both always agree.
 */
export { addressPostcodeError as postcodeHint } from '../../../domain/postal-codes/postal-codes.js';
