import type { ColorData, FocalPoint, HslColor } from '../types.js';
import type { FormField } from '../../domain/forms/form-field.js';
import type { SiteSettings, StoreSettings } from '../websites.js';

/** Shapes of the JSON files in fixtures/demo/ (dates are ISO-8601 strings there). */
export interface WebsiteFixture {
  identifier: string;
  title: string;
  tagline?: string;
  primaryHost: string;
  hosts?: string[];
  isDefault?: boolean;
  locale: string;
  timeZone: string;
  currency: string;
  colour?: HslColor;
  createdOn: string;
  siteSettings: SiteSettings;
  storeSettings: StoreSettings;
  localizedStrings: Record<string, string>;
  captchaSiteKey?: string;
  header?: string;
  footer?: string;
  socialAccounts?: unknown[];
  multilingual?: { defaultLanguage: string; languages: string[]; enabled?: boolean };
  commercePreferences?: Record<string, Record<string, unknown>>;
}

export interface CollectionFixture {
  urlId: string;
  fullUrl: string;
  type: number;
  typeName?: string;
  title: string;
  navigationTitle?: string;
  description?: string;
  seoTitle?: string;
  seoDescription?: string;
  isHomepage?: boolean;
  itemsPerPage?: number;
  ordering?: string;
  formKey?: string;
}

export interface ImageFixture {
  originalSize: string;
  focalPoint: FocalPoint;
  colorData: ColorData;
  altText: string;
}

export interface VariantFixture {
  sku: string;
  priceCents: number;
  salePriceCents?: number;
  onSale?: boolean;
  attributes?: Record<string, string>;
  qtyInStock?: number;
  unlimited?: boolean;
  image?: string;
  weightGrams?: number;
}

export interface MerchandisingFixture {
  customSoldOutText?: string;
  scarcityEnabled?: boolean;
  scarcityTemplateViews?: string[];
  scarcityText?: string;
  scarcityShownByDefault?: boolean;
  restockNotificationViews?: string[];
  restockNotificationMessages?: Record<string, string>;
  mailingListSignUpEnabled?: boolean;
  mailingListOptInByDefault?: boolean;
}

export interface ProductFixture {
  urlId: string;
  title: string;
  productType: number;
  starred?: boolean;
  publishOn: string;
  categories?: string[];
  tags?: string[];
  excerpt?: string;
  body?: string;
  images: string[];
  variantOptionOrdering?: string[];
  variants?: VariantFixture[];
  digital?: { sku: string; priceCents: number; salePriceCents?: number; onSale?: boolean; file: string };
  isSubscribable?: boolean;
  subscriptionPlans?: { billingPeriodValue: number; billingPeriodUnit: 'WEEK' | 'MONTH' | 'YEAR'; numBillingCycles: number }[];
  additionalFieldsForm?: string;
  customAddButtonText?: string;
  merchandising?: MerchandisingFixture;
}

export interface PostFixture {
  urlId: string;
  title: string;
  author: string;
  starred?: boolean;
  publishOn: string;
  categories?: string[];
  tags?: string[];
  mainImage?: string;
  commentState?: number;
  publicCommentCount?: number;
  likeCount?: number;
  excerpt?: string;
  body: string;
}

export interface FormFixture {
  key: string;
  kind: string;
  name: string;
  submitButtonText?: string;
  submissionHtml?: string;
  captchaEnabled?: boolean;
  /** Owner's address for a notification mail per submission (SPEC §3 form model "storage"). */
  notifyEmail?: string;
  /** Name of the mailing list the form feeds; the seed creates the list. */
  mailingList?: string;
  fields: FormField[];
}

export interface NavigationFixture {
  title: string;
  collection?: string;
  externalLink?: string;
  newWindow?: boolean;
}

/**
 * A page built from blocks (fixtures/demo/pages.json), seeded published: a plain page
 * collection (home, about, contact) shows the page of its URL id. `layout` is a layout
 * document (blocks/layout-schema.ts; schema/seed.test.ts checks it parses unchanged), except that
 * a form block may name its form by fixture key (`props.formKey`).
 */
export interface PageFixture {
  slug: string;
  title: string;
  layout: { sections: unknown[] };
}

/** One language's translations of the demo (fixtures/demo/translations.json), keyed by slugs, menus and URL ids. */
export interface TranslationFixture {
  pages?: Record<string, { title?: string; texts?: Record<string, string> }>;
  navigation?: Record<string, string[]>;
  /** Product fields by URL id; variant options as `option:<name>` and `value:<option>:<value>`. */
  products?: Record<string, Record<string, string> & { title?: string; excerpt?: string; body?: string }>;
  /** Journal post fields by URL id (`title`, `excerpt`, `body`; lang25), stored as a product's. */
  posts?: Record<string, { title?: string; excerpt?: string; body?: string }>;
  categories?: Record<string, string>;
  /** Tag names by name. */
  tags?: Record<string, string>;
  /** Collection titles by URL id. */
  collections?: Record<string, string>;
  /** Form words by form key: `submitButtonText`, `<fieldId>:title|description|placeholder`. */
  forms?: Record<string, Record<string, string>>;
  strings?: Record<string, string>;
  /** The store's words on cart, checkout, confirmation and its mail (domain/languages/store-texts.ts). */
  storeTexts?: Record<string, string>;
  /** The forms' SPEC §5/§8 messages by key (domain/messages/form-messages.ts). */
  formMessages?: Record<string, string>;
  /** More system texts by entity then key (issue 29: form-messages additions, captcha-messages, restock-messages, additional-fields). */
  systemTexts?: Record<string, Record<string, string>>;
}

/** Everything the seed needs, already read from disk. */
export interface DemoFixtures {
  website: WebsiteFixture;
  collections: CollectionFixture[];
  products: ProductFixture[];
  posts: PostFixture[];
  authors: { key: string; displayName: string; bio?: string }[];
  forms: FormFixture[];
  pages: PageFixture[];
  navigation: Record<string, NavigationFixture[]>;
  /** By language (optional: older fixture sets have none). */
  translations?: Record<string, TranslationFixture>;
  images: Record<string, ImageFixture>;
  /** Byte size of every file under fixtures/demo/, by path relative to it. */
  fileSizes: Record<string, number>;
  /** Theme files (fixtures/theme/), by path relative to it. */
  themeFiles: { path: string; content: string }[];
}
