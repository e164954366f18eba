import { describe, expect, it } from 'vitest';
import { postcodeRegion, resolveRegion } from './postcode-region.js';

describe('postcodeRegion', () => {
  it.each([
    ['US', '10001', 'NY'],
    ['US', '97201', 'OR'],
    ['US', '94107-1234', 'CA'],
    ['US', '00501', 'NY'],
    ['US', '00901', 'PR'],
    ['US', '20500', 'DC'],
    ['US', '22201', 'VA'],
    ['US', '73301', 'TX'],
    ['US', '73102', 'OK'],
    ['US', '09012', 'AE'],
    ['US', '34001', 'AA'],
    ['US', '96201', 'AP'],
    ['US', '96813', 'HI'],
    ['US', '96799', 'AS'],
    ['US', '96910', 'GU'],
    ['US', '96950', 'MP'],
    ['US', '99501', 'AK'],
    ['US', '05501', 'MA'],
    ['US', '1000', undefined],
    ['CA', 'M5V 2T6', 'ON'],
    ['CA', 'h2x1y4', 'QC'],
    ['CA', 'V6B', 'BC'],
    ['CA', 'X0A 0H0', 'NU'],
    ['CA', 'X1A 2P3', 'NT'],
    ['CA', 'D1A 1A1', undefined],
    ['GB', 'SW1A 1AA', undefined],
    ['GB', 'BT1', 'NIR'],
    ['GB', 'EH1 1YZ', 'SCT'],
    ['GB', 'G2', 'SCT'],
    ['GB', 'GL1', undefined],
    ['GB', 'CF10 1AA', 'WLS'],
    ['GB', 'TD15', undefined],
    ['AU', '2000', 'NSW'],
    ['AU', '2600', 'ACT'],
    ['AU', '2620', undefined],
    ['AU', '0800', 'NT'],
    ['AU', '3000', 'VIC'],
    ['AU', '8001', 'VIC'],
    ['AU', '4000', 'QLD'],
    ['AU', '5000', 'SA'],
    ['AU', '6000', 'WA'],
    ['AU', '7000', 'TAS'],
    ['AU', '200', undefined],
    ['ES', '28013', 'MD'],
    ['ES', '08001', 'CT'],
    ['ES', '35001', 'CN'],
    ['ES', '38001', 'CN'],
    ['ES', '01001', 'PV'],
    ['ES', '52001', 'ML'],
    ['ES', '53001', undefined],
    ['ES', '00001', undefined],
    ['FR', '75001', undefined],
  ])('%s %s -> %s', (country, code, region) => {
    expect(postcodeRegion(country, code)).toBe(region);
  });
});

describe('resolveRegion', () => {
  it('refuses a typed region that disagrees with the postcode, naming both', () => {
    expect(resolveRegion('US', 'or', '10001')).toEqual({ region: 'NY', mismatch: 'This ZIP / postal code is in New York, not Oregon.' });
  });

  it('fills in a missing region and keeps a matching one', () => {
    expect(resolveRegion('US', undefined, '10001')).toEqual({ region: 'NY' });
    expect(resolveRegion('US', 'NY', '10001')).toEqual({ region: 'NY' });
  });

  it('keeps the typed region where the postcode does not decide it', () => {
    expect(resolveRegion('GB', 'SCT', 'EH1 1YZ')).toEqual({ region: 'SCT' });
    expect(resolveRegion('US', 'OR', undefined)).toEqual({ region: 'OR' });
    expect(resolveRegion('JP', '', '100-0001')).toEqual({});
  });
});
