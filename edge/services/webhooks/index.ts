import type { Env } from '../../env.js';
import type { DeliveryDeps } from './deliver.js';
import { dohResolver } from './resolver.js';
import { devOriginsOf } from './url-check.js';

export { webhookEventStatements, emitEvent } from './events.js';

/** The URL rules and resolver of this deployment (WEBHOOK_DOH_URL, WEBHOOK_DEV_ALLOW_ORIGINS). */
export function webhookDeps(env: Env): DeliveryDeps {
  return { rules: { resolver: dohResolver(env.WEBHOOK_DOH_URL || undefined), devOrigins: devOriginsOf(env.WEBHOOK_DEV_ALLOW_ORIGINS) } };
}
