import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { INSTALMENT_PROVIDERS, instalmentProviderFor, PREFERENCE_NAMESPACES, PREFERENCE_SCHEMAS, type PreferenceNamespace } from '../../../domain/commerce/preferences.js';
import {
  canStoreSecrets, CurrencyChangeRefused, deleteSecret, readPreferences, readSecret, storeSecret, writePreferences,
} from '../../services/commerce-preferences/index.js';
import { testStripeConnection } from '../../services/commerce-preferences/stripe-test.js';
import { jsonBody, validationError } from '../validate.js';

/**
 * SPEC §7 `GET`/`PUT /api/v1/commerce-preferences/{namespace}`: one object per namespace.
 * GET answers `{ websiteId, ...preferences }` (the client drops websiteId); PUT takes the
 * whole namespace object and answers like GET. Scalars that did not change are not written,
 * and a PUT that changes nothing writes nothing (SPEC §5). docs/api/commerce-preferences.md.
 */
export const commercePreferencesApi = new Hono<AppEnv>({ strict: false });

function namespaceOf(text: string): PreferenceNamespace {
  if (!(PREFERENCE_NAMESPACES as string[]).includes(text)) throw new ApiError(404, 'not_found', 'No such commerce preferences namespace.');
  return text as PreferenceNamespace;
}

/** SPEC §9: each instalment brand serves its own locales; an enabled provider must serve the site's. */
function instalmentsFitLocale(v: { enabled: boolean; provider: string }, locale: string): void {
  if (!v.enabled) return;
  const fits = instalmentProviderFor(locale);
  if (fits === v.provider) return;
  const all = Object.values(INSTALMENT_PROVIDERS).flat().join(', ');
  const message = fits
    ? `${v.provider[0]!.toUpperCase()}${v.provider.slice(1)} is not offered for this site's language (${locale}); choose ${fits[0]!.toUpperCase()}${fits.slice(1)}.`
    : `Instalment messaging is offered only for sites in ${all}.`;
  throw new ApiError(400, 'invalid_request', message, { fields: { provider: message } });
}

commercePreferencesApi.get('/:namespace', requirePermission('commerceSettings'), async (c) => {
  const namespace = namespaceOf(c.req.param('namespace'));
  return c.json({ websiteId: c.var.site.id, ...(await readPreferences(c.var.db, c.var.site, namespace, c.env)) });
});

commercePreferencesApi.put('/:namespace', requirePermission('commerceSettings'), async (c) => {
  const namespace = namespaceOf(c.req.param('namespace'));
  const body: unknown = await c.req.json().catch(() => {
    throw new ApiError(400, 'invalid_request', 'Malformed JSON in request body');
  });
  // websiteId is what GET answers; a client that sends it back (its own site's id) is not refused for it.
  const { websiteId, ...rest } = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (websiteId !== undefined && websiteId !== c.var.site.id) throw new ApiError(400, 'invalid_request', 'websiteId names another site.', { fields: { websiteId: 'websiteId names another site.' } });
  const parsed = PREFERENCE_SCHEMAS[namespace].safeParse(rest);
  if (!parsed.success) throw validationError(parsed.error);
  if (namespace === 'installments') instalmentsFitLocale(parsed.data as { enabled: boolean; provider: string }, c.var.site.locale);
  try {
    await writePreferences(c.var.db, c.var.site, namespace, parsed.data as Record<string, unknown>, Date.now());
  } catch (err) {
    if (err instanceof CurrencyChangeRefused) throw new ApiError(409, 'currency_in_use', err.message, { fields: { currency: err.message } });
    throw err;
  }
  // Read back through the (possibly changed) site row.
  const site = namespace === 'store' || namespace === 'tax' ? { ...c.var.site, ...(await c.var.db.query.websites.findFirst({ where: (w, { eq }) => eq(w.id, c.var.site.id) })) } : c.var.site;
  return c.json({ websiteId: site.id, ...(await readPreferences(c.var.db, site, namespace, c.env)) });
});

/**
 * /api/owner/payment-keys/stripe: the Stripe secret key, write-only. PUT stores it encrypted
 * (answers its last four characters), DELETE removes it, POST .../test asks Stripe's API
 * with it. No route answers the key itself.
 */
export const paymentKeysApi = new Hono<AppEnv>({ strict: false });

const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,200}$/;

paymentKeysApi.put(
  '/stripe',
  requirePermission('paymentKeys'),
  jsonBody(z.strictObject({ secretKey: z.string({ error: 'Enter the secret key.' }).trim().regex(SECRET_KEY, { error: 'A secret key starts with sk_test_, sk_live_, rk_test_ or rk_live_.' }) })),
  async (c) => {
    if (!canStoreSecrets(c.env)) throw new ApiError(503, 'service_unavailable', 'This deployment cannot store payment keys: set the SETTINGS_ENCRYPTION_KEY worker secret.');
    const { last4 } = await storeSecret(c.var.db, c.env, c.var.site.id, 'stripe', c.req.valid('json').secretKey, Date.now());
    return c.json({ stripeSecretKeyLast4: last4 });
  },
);

paymentKeysApi.delete('/stripe', requirePermission('paymentKeys'), async (c) => {
  const removed = await deleteSecret(c.var.db, c.var.site.id, 'stripe');
  return c.json({ removed });
});

paymentKeysApi.post('/stripe/test', requirePermission('paymentKeys'), async (c) => {
  const key = (await readSecret(c.var.db, c.env, c.var.site.id, 'stripe')) ?? c.env.STRIPE_SECRET_KEY;
  if (!key) throw new ApiError(409, 'no_key', 'Store a Stripe secret key first.');
  return c.json(await testStripeConnection(key, c.env.STRIPE_API_BASE));
});
