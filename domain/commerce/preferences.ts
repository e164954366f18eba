import { z } from 'zod';

/**
 * SPEC §7 commerce preferences: one object per namespace, read and written whole through
 * `GET`/`PUT /api/v1/commerce-preferences/{namespace}`. These schemas are the one list of
 * namespaces and fields: the worker validates PUT bodies with them and the owner app's
 * settings screen builds its forms from the same types (docs/api/commerce-preferences.md).
 */

/** SPEC §3 store currencies; all have 2 fraction digits except JPY with 0. Default USD. */
export const STORE_CURRENCIES = [
  'EUR', 'USD', 'AUD', 'NOK', 'CAD', 'NZD', 'DKK', 'GBP', 'HKD', 'CHF', 'MXN', 'SGD', 'SEK', 'CZK',
  'ILS', 'PHP', 'RUB', 'PLN', 'THB', 'MYR', 'ARS', 'BRL', 'COP', 'IDR', 'INR', 'JPY', 'ZAR',
] as const;

/**
 * SPEC §9: two instalment brands by locale, one for en_US, en_CA, fr_CA, en_AU, en_NZ,
 * the other for en_GB. The values are the brand ids the instalment pill shows.
 */
export const INSTALMENT_PROVIDERS = {
  afterpay: ['en-US', 'en-CA', 'fr-CA', 'en-AU', 'en-NZ'],
  clearpay: ['en-GB'],
} as const satisfies Record<string, readonly string[]>;
export type InstalmentProvider = keyof typeof INSTALMENT_PROVIDERS;

/** The instalment brand a site locale may offer, or undefined where neither is supported (SPEC §9). */
export function instalmentProviderFor(locale: string): InstalmentProvider | undefined {
  const tag = locale.replace('_', '-');
  for (const [provider, locales] of Object.entries(INSTALMENT_PROVIDERS)) {
    if ((locales as readonly string[]).includes(tag)) return provider as InstalmentProvider;
  }
  return undefined;
}

/** How many days a review request waits by default (the `reviews` namespace's requestDelayDays). */
export const REVIEW_REQUEST_DELAY_DAYS = 7;

const flag = z.boolean({ error: 'Choose on or off.' });
const cents = (what: string) =>
  z.number({ error: `Enter ${what}.` }).int({ error: `Enter ${what} in whole minor units.` }).min(0, { error: `Enter ${what} of 0 or more.` }).max(100_000_000, { error: `${what} is too large.` });

const donationCents = (which: 'smallest' | 'largest') =>
  z
    .number({ error: `Enter the ${which} donation.` })
    .int({ error: `Enter the ${which} donation in whole minor units.` })
    .min(1, { error: `The ${which} donation must be above zero.` })
    .max(1_000_000_000, { error: `The ${which} donation is too large.` });

/** Header-safe text: no line breaks or angle brackets (it becomes a mail From display name). */
const SENDER_NAME = /^[^\r\n<>"\\]*$/;

export const PREFERENCE_SCHEMAS = {
  /** The websites row's store settings (currency, store flags, captcha site key). */
  store: z.strictObject({
    currency: z.enum(STORE_CURRENCIES, { error: 'Choose a currency from the list.' }),
    multipleQuantityAllowedForServices: flag,
    useCLDRMoneyFormat: flag,
    stockHoldMinutes: z.number({ error: 'Enter the minutes a cart holds stock.' }).int({ error: 'Enter whole minutes.' }).min(1, { error: 'A cart holds stock for 1 to 1440 minutes.' }).max(1440, { error: 'A cart holds stock for 1 to 1440 minutes.' }),
    expressCheckout: flag,
    captchaSiteKey: z.string().trim().max(100, { error: 'A site key is at most 100 characters.' }).regex(/^[A-Za-z0-9_-]*$/, { error: 'A site key has only letters, digits, - and _.' }),
  }),
  checkout: z.strictObject({
    guestCheckout: flag,
    collectPhoneNumber: flag,
  }),
  /**
   * How prices are entered and shown. `pricesIncludeTax` on: every price (products, shipping
   * rates) already includes the tax of the shopper's region, which checkout extracts from it
   * rather than adding it (VAT style), and the storefront says "incl. tax"; off: each tax rule
   * says whether it is inclusive (by default tax is added at checkout). Stored on the websites
   * row (`store_settings.pricesIncludeTax`, default off) like the store namespace.
   */
  tax: z.strictObject({
    pricesIncludeTax: flag,
  }),
  installments: z.strictObject({
    enabled: flag,
    provider: z.enum(Object.keys(INSTALMENT_PROVIDERS) as [InstalmentProvider, ...InstalmentProvider[]], { error: 'Choose an instalment provider.' }),
    numInstallments: z.number({ error: 'Enter the number of payments.' }).int({ error: 'Enter a whole number of payments.' }).min(2, { error: 'Instalments are 2 to 12 payments.' }).max(12, { error: 'Instalments are 2 to 12 payments.' }),
    minCents: cents('a minimum'),
    maxCents: cents('a maximum'),
  }).refine((v) => v.maxCents > v.minCents, { message: 'The maximum must be above the minimum.', path: ['maxCents'] }),
  email: z.strictObject({
    senderName: z.string().trim().max(100, { error: 'The sender name is at most 100 characters.' }).regex(SENDER_NAME, { error: 'The sender name cannot hold line breaks, quotes or < >.' }),
    replyTo: z.union([z.literal(''), z.email({ error: 'Enter a valid email address.' }).max(254, { error: 'Enter a valid email address.' })]),
  }),
  /** Which providers checkout offers; the Stripe secret key is never here (its own route, write-only). */
  payments: z.strictObject({
    testProvider: flag,
    stripePublishableKey: z.union([z.literal(''), z.string().trim().regex(/^pk_(test|live)_[A-Za-z0-9]{8,200}$/, { error: 'A publishable key starts with pk_test_ or pk_live_.' })]),
  }),
  inventory: z.strictObject({
    lowStockThreshold: z.number({ error: 'Enter a number.' }).int({ error: 'Enter a whole number.' }).min(0, { error: 'Enter 0 or more.' }).max(100_000, { error: 'Enter at most 100000.' }),
    notifyOnLowStock: flag,
  }),
  reviews: z.strictObject({
    enabled: flag,
    showOnProductPages: flag,
    // Days after fulfilment (after purchase for digital products and services) the review request mail waits.
    requestDelayDays: z.number({ error: 'Enter a number of days.' }).int({ error: 'Enter whole days.' }).min(0, { error: 'Wait 0 to 60 days.' }).max(60, { error: 'Wait 0 to 60 days.' }).optional(),
  }),
  digitalDownloads: z.strictObject({
    linkLifetimeHours: z.number({ error: 'Enter hours.' }).int({ error: 'Enter whole hours.' }).min(1, { error: 'A link lasts 1 to 8760 hours.' }).max(8760, { error: 'A link lasts 1 to 8760 hours.' }),
    maxDownloads: z.number({ error: 'Enter a number.' }).int({ error: 'Enter a whole number.' }).min(1, { error: 'Allow 1 to 100 downloads.' }).max(100, { error: 'Allow 1 to 100 downloads.' }),
  }),
  /**
   * Donation limits per currency (issue 30), integer minor units: `limits.USD = { minCents, maxCents }`.
   * A currency without a row uses the defaults (domain/commerce/donations.ts donationLimits).
   */
  donations: z.strictObject({
    limits: z.partialRecord(
      z.enum(STORE_CURRENCIES, { error: 'Choose a currency from the list.' }),
      z
        .strictObject({
          minCents: donationCents('smallest'),
          maxCents: donationCents('largest'),
        })
        .refine((v) => v.maxCents >= v.minCents, { message: 'The largest donation must be at least the smallest.', path: ['maxCents'] }),
    ),
  }),
} as const;

export type PreferenceNamespace = keyof typeof PREFERENCE_SCHEMAS;
export const PREFERENCE_NAMESPACES = Object.keys(PREFERENCE_SCHEMAS) as PreferenceNamespace[];
export type Preferences<N extends PreferenceNamespace> = z.infer<(typeof PREFERENCE_SCHEMAS)[N]>;

/** What a namespace holds before the owner saves it. */
export const PREFERENCE_DEFAULTS: { [N in Exclude<PreferenceNamespace, 'store' | 'tax'>]: Preferences<N> } = {
  checkout: { guestCheckout: true, collectPhoneNumber: false },
  installments: { enabled: false, provider: 'afterpay', numInstallments: 4, minCents: 3500, maxCents: 200000 },
  email: { senderName: '', replyTo: '' },
  payments: { testProvider: true, stripePublishableKey: '' },
  inventory: { lowStockThreshold: 3, notifyOnLowStock: true },
  reviews: { enabled: true, showOnProductPages: true, requestDelayDays: REVIEW_REQUEST_DELAY_DAYS },
  digitalDownloads: { linkLifetimeHours: 72, maxDownloads: 5 },
  donations: { limits: {} },
};

/** The payments namespace as GET answers it: the stored fields plus what is known of the secret key. */
export type PaymentsView = Preferences<'payments'> & {
  /** Last four characters of the stored Stripe secret key, or null when none is stored. */
  stripeSecretKeyLast4: string | null;
  /** Where checkout's Stripe secret comes from: this site's stored key, the deployment's secret, or nowhere. */
  stripeSecretKeySource: 'site' | 'deployment' | null;
};
