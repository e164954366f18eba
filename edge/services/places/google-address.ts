/**
 * Google Places (New) address components → the checkout's fields. Google names a GB
 * constituent country in administrative_area_level_1 ("England"); the checkout's region
 * table wants ENG/SCT/WLS/NIR (SPEC §3), so those are translated.
 */
import type { PlaceAddress } from './provider.js';

export interface GoogleAddressComponent {
  longText?: string;
  shortText?: string;
  types?: string[];
}

export interface GooglePlace {
  id?: string;
  formattedAddress?: string;
  addressComponents?: GoogleAddressComponent[];
}

const GB_NATIONS: Record<string, string> = { England: 'ENG', Scotland: 'SCT', Wales: 'WLS', 'Northern Ireland': 'NIR' };

/** The checkout address of a Places (New) place, or null without a country. */
export function googlePlaceAddress(placeId: string, place: GooglePlace): PlaceAddress | null {
  const components = place.addressComponents ?? [];
  const find = (type: string) => components.find((c) => c.types?.includes(type));
  const long = (type: string) => find(type)?.longText ?? '';
  const short = (type: string) => find(type)?.shortText ?? find(type)?.longText ?? '';
  const country = short('country').toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) return null;
  const street = [long('street_number'), long('route')].filter(Boolean).join(' ');
  const premise = long('subpremise');
  const admin1 = find('administrative_area_level_1');
  const region = country === 'GB' ? GB_NATIONS[admin1?.longText ?? ''] ?? '' : admin1?.shortText ?? admin1?.longText ?? '';
  return {
    placeId,
    formattedAddress: place.formattedAddress ?? '',
    addressLine1: premise && street ? `${street} ${premise}` : street || long('premise'),
    // Britain addresses by post town; elsewhere the locality, else the nearest named place.
    city: long('postal_town') || long('locality') || long('sublocality') || long('administrative_area_level_2'),
    region,
    postalCode: long('postal_code'),
    country,
  };
}
