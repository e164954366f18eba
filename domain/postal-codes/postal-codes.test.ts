import { describe, expect, it } from 'vitest';
import { addressPostcodeError, postcodeZoneKey, zonePostcodeError } from './postal-codes.js';

describe('zonePostcodeError (SPEC §5)', () => {
  it.each([
    ['US', '94107', null],
    ['US', '9410', 'ZIP Codes need to be 5 digits.'],
    ['US', '94107-1234', 'ZIP Codes need to be 5 digits.'],
    ['CA', 'K1A', null],
    ['CA', 'k1a', null],
    ['CA', '1KA', 'An FSA code is invalid.'],
    ['AU', '2000', null],
    ['AU', '200', 'Invalid postal code.'],
    ['GB', 'SW1A', null],
    ['GB', 'M1', null],
    ['GB', 'SW1A 1AA', 'Enter only the 1-4 character outcode portion of postcodes.'],
    ['FR', '75001', null],
    ['FR', '7500', 'Invalid postal code.'],
    ['NZ', '6011', null],
    ['NO', '0150', null],
    ['NO', '01500', 'Invalid postal code.'],
    ['SE', '1', null],
    ['SE', '114', null],
    ['SE', '11455', 'Enter up to 3 digits of the postcode'],
    ['ES', '28013', null],
    ['IE', 'D02', null],
    ['IE', 'D02 X285', 'Enter only the first three characters of the Eircode'],
    ['DE', 'anything at all', null],
  ])('%s %j -> %j', (country, code, message) => {
    expect(zonePostcodeError(country, code)).toBe(message);
  });
});

describe('addressPostcodeError', () => {
  it.each([
    ['US', '94107-1234', null],
    ['US', '941071234', null],
    ['US', '94107abc', 'ZIP Codes need to be 5 digits.'],
    ['CA', 'K1A 0B1', null],
    ['CA', 'K1A0B1', null],
    ['CA', 'KKA 0B1', 'An FSA code is invalid.'],
    ['GB', 'SW1A 1AA', null],
    ['GB', 'EC1A1BB', null],
    ['GB', 'not a postcode', 'Enter only the 1-4 character outcode portion of postcodes.'],
    ['SE', '114 55', null],
    ['IE', 'D02 X285', null],
    ['IE', 'D02X2', 'Enter only the first three characters of the Eircode'],
    ['JP', '100-0001', null],
  ])('%s %j -> %j', (country, code, message) => {
    expect(addressPostcodeError(country, code)).toBe(message);
  });
});

describe('postcodeZoneKey', () => {
  it.each([
    ['US', '94107-1234', '94107'],
    ['CA', 'k1a 0b1', 'K1A'],
    ['GB', 'SW1A 1AA', 'SW1A'],
    ['GB', 'M1 1AE', 'M1'],
    ['SE', '114 55', '114'],
    ['IE', 'D02 X285', 'D02'],
    ['DE', ' 10115 ', '10115'],
  ])('%s %j -> %j', (country, code, key) => {
    expect(postcodeZoneKey(country, code)).toBe(key);
  });
});
