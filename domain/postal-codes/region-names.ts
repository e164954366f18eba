import { REGIONS, type Region } from './region-tables.js';

/**
 * The SPEC §3 region tables' names in another language, where they differ from the table's
 * (issue 29, lang27): by language (its base subtag), country and region code. The codes, what
 * orders store and tax rules and zones match, stay the tables'; only the shown name changes.
 * Names are the usual ones of that language (for French, those of the Canadian and French
 * governments' usage: 'Colombie-Britannique', 'Caroline du Nord', 'Nouvelle-Galles du Sud').
 */
const REGION_NAMES: Record<string, Record<string, Record<string, string>>> = {
  fr: {
    US: {
      CA: 'Californie', DC: 'District de Columbia', FL: 'Floride', GA: 'Géorgie', HI: 'Hawaï', LA: 'Louisiane',
      NM: 'Nouveau-Mexique', NC: 'Caroline du Nord', ND: 'Dakota du Nord', PA: 'Pennsylvanie', SC: 'Caroline du Sud',
      SD: 'Dakota du Sud', VA: 'Virginie', WV: 'Virginie-Occidentale',
      AA: 'Forces armées (Amériques)', AE: 'Forces armées (Europe)', AP: 'Forces armées (Pacifique)',
      AS: 'Samoa américaines', MP: 'Îles Mariannes du Nord', PR: 'Porto Rico', VI: 'Îles Vierges des États-Unis',
      UM: 'Îles mineures éloignées des États-Unis',
    },
    CA: {
      BC: 'Colombie-Britannique', NB: 'Nouveau-Brunswick', NL: 'Terre-Neuve-et-Labrador', NS: 'Nouvelle-Écosse',
      NT: 'Territoires du Nord-Ouest', PE: 'Île-du-Prince-Édouard', QC: 'Québec',
    },
    AU: {
      ACT: 'Territoire de la capitale australienne', NSW: 'Nouvelle-Galles du Sud', NT: 'Territoire du Nord',
      SA: 'Australie-Méridionale', TAS: 'Tasmanie', WA: 'Australie-Occidentale',
    },
    GB: { ENG: 'Angleterre', NIR: 'Irlande du Nord', SCT: 'Écosse', WLS: 'Pays de Galles' },
    NZ: { CIT: 'Îles Chatham' },
    SE: { M: 'Scanie', W: 'Dalécarlie' },
    ES: {
      AN: 'Andalousie', AR: 'Aragon', AS: 'Asturies', CN: 'Canaries', CB: 'Cantabrie', CL: 'Castille-et-León',
      CM: 'Castille-La Manche', CT: 'Catalogne', EX: 'Estrémadure', GA: 'Galice', IB: 'Îles Baléares', MC: 'Murcie',
      NC: 'Navarre', PV: 'Pays basque', VC: 'Communauté valencienne',
    },
  },
};

function namesIn(language: string | undefined): Record<string, Record<string, string>> | undefined {
  const base = language?.split('-')[0]?.toLowerCase();
  return base ? REGION_NAMES[base] : undefined;
}

const byLanguage = new Map<string, readonly Region[]>();

/**
 * `country`'s region table (same codes and order) named in `language`; the table's own names
 * for English and where the language has none. Undefined for a country without a table.
 * @example regionOptions('CA', 'fr')?.find(([code]) => code === 'QC') // ['QC', 'Québec']
 */
export function regionOptions(country: string, language?: string): readonly Region[] | undefined {
  const table = REGIONS[country];
  const names = namesIn(language)?.[country];
  if (!table || !names) return table;
  const key = `${language}\u0000${country}`;
  let named = byLanguage.get(key);
  if (!named) {
    named = table.map(([code, name]) => [code, names[code] ?? name] as const);
    byLanguage.set(key, named);
  }
  return named;
}

/**
 * A region's English table name said in `language`, whichever country's table has it (the
 * checkout's region-mismatch message carries names, not codes); the name itself otherwise.
 * @example regionNameIn('British Columbia', 'fr') // 'Colombie-Britannique'
 */
export function regionNameIn(name: string, language: string | undefined): string {
  const names = namesIn(language);
  if (!names) return name;
  for (const [country, table] of Object.entries(REGIONS)) {
    const code = table.find(([, english]) => english === name)?.[0];
    const local = code && names[country]?.[code];
    if (local) return local;
  }
  return name;
}
