import { describe, expect, it } from 'vitest';
import { postcodeRegion, resolveRegion } from './postcode-region.js';
import { REGIONS } from './region-tables.js';

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
    // France: the département decides; Corsica is 20; overseas, Monaco and 00 do not.
    ['FR', '75001', 'IDF'],
    ['FR', '01000', 'ARA'],
    ['FR', '95880', 'IDF'],
    ['FR', '96000', undefined],
    ['FR', '20000', 'COR'],
    ['FR', '20200', 'COR'],
    ['FR', '13001', 'PAC'],
    ['FR', '29200', 'BRE'],
    ['FR', '59000', 'HDF'],
    ['FR', '97400', undefined],
    ['FR', '98000', undefined],
    ['FR', '00100', undefined],
    ['FR', '7500', undefined],
    // Ireland: Dublin's districts only.
    ['IE', 'D02 X285', 'D'],
    ['IE', 'd6w', 'D'],
    ['IE', 'D24', 'D'],
    ['IE', 'D25', undefined],
    ['IE', 'T12', undefined],
    ['IE', 'A94', undefined],
    // Norway: county ranges, with the ones that cross a border left out.
    ['NO', '0150', '03'],
    ['NO', '1299', '03'],
    ['NO', '1300', '32'],
    ['NO', '1499', '32'],
    ['NO', '1540', undefined],
    ['NO', '1600', '31'],
    ['NO', '3069', '33'],
    ['NO', '3070', undefined],
    ['NO', '3100', '39'],
    ['NO', '3520', undefined],
    ['NO', '4399', '11'],
    ['NO', '4460', undefined],
    ['NO', '5003', '46'],
    ['NO', '5500', undefined],
    ['NO', '7979', '50'],
    ['NO', '7980', undefined],
    ['NO', '8000', '18'],
    ['NO', '9400', undefined],
    ['NO', '9999', '56'],
    ['NO', '150', undefined],
    // New Zealand: regions by range; the Chatham Islands inside Canterbury's 8000s.
    ['NZ', '0110', 'NTL'],
    ['NZ', '0505', undefined],
    ['NZ', '1010', 'AUK'],
    ['NZ', '2120', 'AUK'],
    ['NZ', '2121', undefined],
    ['NZ', '3110', 'BOP'],
    ['NZ', '3204', 'WKO'],
    ['NZ', '3920', undefined],
    ['NZ', '4010', 'GIS'],
    ['NZ', '5510', undefined],
    ['NZ', '6011', 'WGN'],
    ['NZ', '7010', undefined],
    ['NZ', '7201', 'MBH'],
    ['NZ', '7805', 'WTC'],
    ['NZ', '8011', 'CAN'],
    ['NZ', '8942', 'CIT'],
    ['NZ', '9016', 'OTA'],
    ['NZ', '9810', 'STL'],
    ['NZ', '9710', undefined],
    // Sweden: the first three digits, or a whole postcode.
    ['SE', '111', 'AB'],
    ['SE', '114 55', 'AB'],
    ['SE', '149', 'AB'],
    ['SE', '152', undefined],
    ['SE', '211', 'M'],
    ['SE', '411', 'O'],
    ['SE', '434', undefined],
    ['SE', '753', 'C'],
    ['SE', '814', undefined],
    ['SE', '981', 'BD'],
    ['SE', '11', undefined],
    ['JP', '100-0001', undefined],
  ])('%s %s -> %s', (country, code, region) => {
    expect(postcodeRegion(country, code)).toBe(region);
  });
});

describe('every decided region is one of the country\'s SPEC §3 regions', () => {
  it.each(['FR', 'IE', 'NO', 'NZ', 'SE'])('%s', (country) => {
    const codes = new Set((REGIONS[country] ?? []).map(([code]) => code));
    const width = country === 'FR' ? 5 : country === 'SE' ? 3 : 4;
    const decided = new Set<string>();
    const samples = country === 'IE' ? ['D01', 'D6W', 'D24'] : Array.from({ length: 10 ** (width - 1) }, (_, i) => String(i * 10).padStart(width, '0'));
    for (const code of samples) {
      const region = postcodeRegion(country, code);
      if (region) decided.add(region);
    }
    expect([...decided].filter((r) => !codes.has(r))).toEqual([]);
    if (country === 'FR') expect(decided.size).toBe(13);
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
