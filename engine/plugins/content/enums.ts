/**
 * Enumerations of SPEC §3 as literal name → code tables. Names are the
 * template-facing spelling (kebab-case): predicates are generated from them
 * (`store-item?`, `background-source-video?`), so a rename here renames a
 * predicate authors use.
 *
 * @example RECORD_TYPES['store-item'] // 11
 */

export type EnumTable = Readonly<Record<string, number>>;

/** SPEC §3 RecordType; `undefined` (-1) is the code of an unknown record. */
export const RECORD_TYPES = {
  undefined: -1,
  text: 1,
  image: 2,
  quote: 4,
  link: 5,
  chat: 6,
  audio: 7,
  video: 8,
  review: 10,
  'store-item': 11,
  event: 12,
  thread: 13,
  gallery: 14,
  binary: 15,
  'css-asset': 16,
  'tweak-asset': 17,
  'digital-good': 18,
  attachment: 19,
  'wordpress-export': 20,
  'json-export': 21,
  'site-search': 30,
  'active-time': 31,
  tweet: 50,
  checkin: 52,
  kbarticle: 54,
} as const satisfies EnumTable;

/** SPEC §3 CollectionType (only the named ones; codes 1-25 exist). */
export const COLLECTION_TYPES = {
  undefined: -1,
  generic: 1,
  subscription: 2,
  twitter: 3,
  foursquare: 4,
  instagram: 5,
  'gallery-block': 6,
  'template-page': 7,
  'splash-page': 8,
  page: 10,
  fivehundredpix: 11,
  flickr: 12,
  products: 13,
  'slide-gallery': 15,
  'slide-album': 16,
  'slide-video': 17,
  'album-block': 18,
} as const satisfies EnumTable;

/** SPEC §3 ProductType. */
export const PRODUCT_TYPES = {
  undefined: -1,
  physical: 1,
  digital: 2,
  service: 3,
  'gift-card': 4,
  paywall: 5,
} as const satisfies EnumTable;

/** SPEC §3 FolderBehavior. */
export const FOLDER_BEHAVIORS = {
  undefined: -1,
  index: 1,
  redirect: 2,
  none: 3,
} as const satisfies EnumTable;

/** SPEC §3 BackgroundSource. */
export const BACKGROUND_SOURCES = {
  undefined: -1,
  upload: 1,
  instagram: 2,
  video: 3,
  none: 4,
} as const satisfies EnumTable;

/** SPEC §3 SliceType (heading 1 to twitter 19; 2 is unused). */
export const SLICE_TYPES = {
  undefined: -1,
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
} as const satisfies EnumTable;

/** SPEC §3 BlockType. */
export const BLOCK_TYPES = {
  undefined: -1,
  navigation: 1,
  html: 2,
  logo: 3,
  map: 4,
  image: 5,
  twitter: 6,
  journal: 7,
  gallery: 8,
  form: 9,
  geo: 10,
  index: 11,
  collectionlink: 12,
  link: 13,
  tagcloud: 14,
  comments: 16,
  folder: 17,
  menu: 18,
  sociallinks: 19,
  summary: 20,
  spacer: 21,
  embed: 22,
  code: 23,
  foursquare: 24,
  instagram: 25,
  calendar: 26,
  postsbyauthor: 27,
  postsbytag: 28,
  postsbycategory: 29,
  postsbymonth: 30,
  quote: 31,
  video: 32,
  search: 33,
  audio: 41,
  fivehundredpix: 42,
  product: 43,
  markdown: 44,
  flickr: 45,
  amazon: 46,
  horizontalrule: 47,
  socialaccountlinks: 48,
  rss: 49,
  opentable: 50,
  newsletter: 51,
  donation: 52,
  button: 53,
  'socialaccountlinks-v2': 54,
  'summary-v2': 55,
  soundcloud: 56,
  emailfooter: 57,
  'in-browser-message-link': 58,
  tourdates: 59,
  album: 60,
  archive: 61,
  chart: 62,
  zola: 63,
  acuity: 65,
  'opentable-v2': 66,
  'member-area': 67,
  tock: 68,
  accordion: 69,
  marquee: 70,
  shape: 71,
  'pricing-plan': 72,
} as const satisfies EnumTable;

/** SPEC §3 subscription states of a site (only the named ones; codes run to 15). */
export const SUBSCRIPTION_STATES = {
  expired: 1,
  'past-due': 2,
  trial: 3,
  beta: 4,
  removed: 5,
  internal: 6,
  comped: 7,
  paid: 8,
  enterprise: 15,
} as const satisfies EnumTable;

/** SPEC §4: the promoted block types a summary can feature. */
export const PROMOTED_BLOCK_TYPES = [
  'map', 'embed', 'image', 'code', 'quote', 'twitter', 'link', 'video', 'foursquare', 'instagram', 'form',
] as const;

/** The name of `code` in `table`, or undefined when no entry has it. */
export function enumName(table: EnumTable, code: number): string | undefined {
  for (const name in table) if (table[name] === code) return name;
  return undefined;
}
