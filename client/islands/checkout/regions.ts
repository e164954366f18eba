/** The address form's country and region lists: the SPEC §3 tables in domain/postal-codes. */
export { COUNTRIES, REGIONS } from '../../../domain/postal-codes/region-tables.js';
export { countryOptions } from '../../../domain/postal-codes/country-names.js';
export { regionOptions } from '../../../domain/postal-codes/region-names.js';
