/**
 * SPEC §3 region tables: the countries that have one show a select in the address form,
 * others a free-text field. Codes are what tax rules and shipping zones match; the owner
 * API checks zones and tax rules against them.
 */
export type Region = readonly [code: string, name: string];

const US: Region[] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'], ['CT', 'Connecticut'],
  ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'],
  ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'],
  ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'],
  ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'],
  ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'], ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'],
  ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
  ['AA', 'Armed Forces Americas'], ['AE', 'Armed Forces Europe'], ['AP', 'Armed Forces Pacific'],
  ['AS', 'American Samoa'], ['GU', 'Guam'], ['MP', 'Northern Mariana Islands'], ['PR', 'Puerto Rico'], ['VI', 'U.S. Virgin Islands'], ['UM', 'U.S. Minor Outlying Islands'],
];

export const REGIONS: Record<string, readonly Region[]> = {
  US,
  CA: [['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NB', 'New Brunswick'], ['NL', 'Newfoundland and Labrador'], ['NS', 'Nova Scotia'], ['NT', 'Northwest Territories'], ['NU', 'Nunavut'], ['ON', 'Ontario'], ['PE', 'Prince Edward Island'], ['QC', 'Quebec'], ['SK', 'Saskatchewan'], ['YT', 'Yukon']],
  AU: [['ACT', 'Australian Capital Territory'], ['NSW', 'New South Wales'], ['NT', 'Northern Territory'], ['QLD', 'Queensland'], ['SA', 'South Australia'], ['TAS', 'Tasmania'], ['VIC', 'Victoria'], ['WA', 'Western Australia']],
  GB: [['ENG', 'England'], ['NIR', 'Northern Ireland'], ['SCT', 'Scotland'], ['WLS', 'Wales']],
  NZ: [['AUK', 'Auckland'], ['BOP', 'Bay of Plenty'], ['CAN', 'Canterbury'], ['GIS', 'Gisborne'], ['HKB', "Hawke's Bay"], ['MBH', 'Marlborough'], ['MWT', 'Manawatū-Whanganui'], ['NSN', 'Nelson'], ['NTL', 'Northland'], ['OTA', 'Otago'], ['STL', 'Southland'], ['TAS', 'Tasman'], ['TKI', 'Taranaki'], ['WGN', 'Wellington'], ['WKO', 'Waikato'], ['WTC', 'West Coast'], ['CIT', 'Chatham Islands']],
  IE: [['CW', 'Carlow'], ['CN', 'Cavan'], ['CE', 'Clare'], ['CO', 'Cork'], ['DL', 'Donegal'], ['D', 'Dublin'], ['G', 'Galway'], ['KY', 'Kerry'], ['KE', 'Kildare'], ['KK', 'Kilkenny'], ['LS', 'Laois'], ['LM', 'Leitrim'], ['LK', 'Limerick'], ['LD', 'Longford'], ['LH', 'Louth'], ['MO', 'Mayo'], ['MH', 'Meath'], ['MN', 'Monaghan'], ['OY', 'Offaly'], ['RN', 'Roscommon'], ['SO', 'Sligo'], ['TA', 'Tipperary'], ['WD', 'Waterford'], ['WH', 'Westmeath'], ['WX', 'Wexford'], ['WW', 'Wicklow']],
  SE: [['AB', 'Stockholm'], ['AC', 'Västerbotten'], ['BD', 'Norrbotten'], ['C', 'Uppsala'], ['D', 'Södermanland'], ['E', 'Östergötland'], ['F', 'Jönköping'], ['G', 'Kronoberg'], ['H', 'Kalmar'], ['I', 'Gotland'], ['K', 'Blekinge'], ['M', 'Skåne'], ['N', 'Halland'], ['O', 'Västra Götaland'], ['S', 'Värmland'], ['T', 'Örebro'], ['U', 'Västmanland'], ['W', 'Dalarna'], ['X', 'Gävleborg'], ['Y', 'Västernorrland'], ['Z', 'Jämtland']],
  NO: [['03', 'Oslo'], ['11', 'Rogaland'], ['15', 'Møre og Romsdal'], ['18', 'Nordland'], ['31', 'Østfold'], ['32', 'Akershus'], ['33', 'Buskerud'], ['34', 'Innlandet'], ['39', 'Vestfold'], ['40', 'Telemark'], ['42', 'Agder'], ['46', 'Vestland'], ['50', 'Trøndelag'], ['55', 'Troms'], ['56', 'Finnmark']],
  ES: [['AN', 'Andalucía'], ['AR', 'Aragón'], ['AS', 'Asturias'], ['CN', 'Canarias'], ['CB', 'Cantabria'], ['CL', 'Castilla y León'], ['CM', 'Castilla-La Mancha'], ['CT', 'Cataluña'], ['CE', 'Ceuta'], ['EX', 'Extremadura'], ['GA', 'Galicia'], ['IB', 'Illes Balears'], ['RI', 'La Rioja'], ['MD', 'Madrid'], ['ML', 'Melilla'], ['MC', 'Murcia'], ['NC', 'Navarra'], ['PV', 'País Vasco'], ['VC', 'Comunitat Valenciana']],
  FR: [['ARA', 'Auvergne-Rhône-Alpes'], ['BFC', 'Bourgogne-Franche-Comté'], ['BRE', 'Bretagne'], ['CVL', 'Centre-Val de Loire'], ['COR', 'Corse'], ['GES', 'Grand Est'], ['HDF', 'Hauts-de-France'], ['IDF', 'Île-de-France'], ['NOR', 'Normandie'], ['NAQ', 'Nouvelle-Aquitaine'], ['OCC', 'Occitanie'], ['PDL', 'Pays de la Loire'], ['PAC', "Provence-Alpes-Côte d'Azur"]],
};

/** Countries offered first in the list, then the rest of the common ones. */
export const COUNTRIES: readonly Region[] = [
  ['US', 'United States'], ['CA', 'Canada'], ['GB', 'United Kingdom'], ['AU', 'Australia'], ['NZ', 'New Zealand'], ['IE', 'Ireland'],
  ['FR', 'France'], ['ES', 'Spain'], ['SE', 'Sweden'], ['NO', 'Norway'], ['DE', 'Germany'], ['JP', 'Japan'], ['NL', 'Netherlands'], ['IT', 'Italy'],
];
