import { and, eq } from 'drizzle-orm';
import { commercePreferences } from '../../schema/index.js';
import { query, type Db } from './db.js';
import type { InstalmentSettings } from '../../domain/commerce/instalments.js';

// SPEC §9: instalments default to 4.
const DEFAULT_COUNT = 4;

/** The site's instalment messaging settings, or undefined when it is off or has no limits. */
export async function instalmentSettings(db: Db, websiteId: string): Promise<InstalmentSettings | undefined> {
  const [row] = await query(() =>
    db
      .select({ value: commercePreferences.value })
      .from(commercePreferences)
      .where(and(eq(commercePreferences.websiteId, websiteId), eq(commercePreferences.namespace, 'installments')))
      .limit(1),
  );
  const v = row?.value;
  if (!v || v.enabled !== true) return undefined;
  const minCents = Number(v.minCents);
  const maxCents = Number(v.maxCents);
  if (!Number.isInteger(minCents) || !Number.isInteger(maxCents) || minCents < 0 || maxCents <= minCents) return undefined;
  const count = Number(v.numInstallments);
  return { provider: String(v.provider ?? ''), numInstallments: Number.isInteger(count) && count > 1 ? count : DEFAULT_COUNT, minCents, maxCents };
}
