import type { Env } from './env.js';
import { censusStore, RAW_RETENTION_DAYS, ROLLUP_RETENTION_DAYS } from './services/census/index.js';
import { pruneExpiredCarts } from './services/cart/index.js';
import { publishDuePages, purgeTrash } from './services/pages/page-workflow.js';
import { publishDueLanguageLayouts } from './services/pages/language-schedule.js';
import type { Db } from './services/db.js';
import { shardDbs } from './services/shards/bindings.js';
import { isNotNull } from 'drizzle-orm';
import { websites } from '../schema/index.js';
import { drainCampaignMail, drainOutbox } from './services/mail/sender.js';
import { mailSenderFor } from './services/mail/providers.js';
import { mailEnvelopes } from './services/commerce-preferences/index.js';
import { refundProvidersBySite, siteRefundProviders, sitesWithStripeKeys, stripeClient, stripeSettings } from './services/payments/index.js';
import { finishStaleRefunds } from './services/order-ops/index.js';
import { leaseMs, reconcileOrderKeys } from './services/orders/index.js';
import { downloadLinkSecret } from './services/downloads/index.js';
import { reconcileStripe } from './services/payments/stripe-reconcile.js';
import { renewalDeps, renewDueSubscriptions } from './services/subscriptions/index.js';
import { endLapsedMemberships } from './services/members/paid.js';
import { LOG_RETENTION_DAYS, pruneWebhookLog, runDeliveries } from './services/webhooks/deliver.js';
import { webhookDeps } from './services/webhooks/index.js';
import { runCampaignSends } from './services/campaigns/send.js';
import { campaignLinkSecret } from './services/campaigns/links.js';
import { expireEndedTrials } from './services/billing/index.js';
import { domainDeps, pollCertificates } from './services/domains/index.js';
import { purgeDeletedSites } from './services/site-lifecycle/lifecycle.js';
import { runSiteExports, siteOrigin } from './services/site-lifecycle/site-export.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** wrangler.toml `[triggers] crons`: which jobs each one runs (JOBS below). */
export const MAIL_CRON = '* * * * *';
export const RENEWAL_CRON = '7 * * * *';
export const DAILY_CRON = '17 3 * * *';

/** `shard` is the number of the shard `db` is (0: the directory's, DB). */
type Job = (env: Env, db: Db, now: number, shard: number) => Promise<string | null>;

/** Each job answers the line it logs (null: nothing worth a line). */
const JOBS: Record<string, { crons: string[]; run: Job }> = {
  // Failed sends stay queued for the next minute's run, up to MAX_ATTEMPTS.
  'mail outbox': {
    crons: [MAIL_CRON],
    run: async (env, db, now) => {
      const mail = await drainOutbox(db, mailSenderFor(env), now, 20, mailEnvelopes(db));
      return mail.sent || mail.failed ? `sent ${mail.sent}, failed ${mail.failed}` : null;
    },
  },
  // Campaign mail in batches: up to 4 claims of 250 a run, each sent in provider batch calls (docs/mail.md).
  'campaign mail': {
    crons: [MAIL_CRON],
    run: async (env, db, now) => {
      const mail = await drainCampaignMail(db, mailSenderFor(env), now, mailEnvelopes(db));
      return mail.sent || mail.failed ? `sent ${mail.sent}, failed ${mail.failed} in ${mail.batches} batches` : null;
    },
  },
  // Email campaigns due or being sent: the audience copied, then batches handed to the outbox (edge/services/campaigns/send.ts).
  'campaign sends': {
    crons: [MAIL_CRON],
    run: async (env, db, now) => {
      const stop = env.CAMPAIGN_TEST_STOP_AFTER_BATCHES ? Number(env.CAMPAIGN_TEST_STOP_AFTER_BATCHES) : undefined;
      const r = await runCampaignSends(db, { secret: campaignLinkSecret(env), stopAfterBatches: stop }, now);
      return r.started || r.queued || r.finished ? `started ${r.started}, queued ${r.queued} mails, finished ${r.finished}` : null;
    },
  },
  // Custom domains whose certificate is not settled yet: up to CERTIFICATE_POLL_BATCH a shard asked of the certificate service (docs/api/domains.md).
  'certificate status': {
    crons: [MAIL_CRON],
    run: async (env, db) => {
      const r = await pollCertificates(db, domainDeps(env));
      return r.checked ? `checked ${r.checked}, active ${r.active}, failed ${r.failed}` : null;
    },
  },
  // Webhook events due (new ones and retries after their backoff), RUN_LIMIT a run (edge/services/webhooks/deliver.ts).
  'webhook deliveries': {
    crons: [MAIL_CRON],
    run: async (env, db, now) => {
      const r = await runDeliveries(db, webhookDeps(env), now);
      return r.delivered || r.failed ? `delivered ${r.delivered}, failed ${r.failed}` : null;
    },
  },
  // With Stripe set up: refunds captured money that has no order.
  'stripe reconcile': {
    crons: [MAIL_CRON],
    run: async (env, db, now) => {
      // Sites with their own stored key with it; every other site with the deployment's key.
      const own = await sitesWithStripeKeys(db, env);
      const runs = own.map((site) => reconcileStripe(db, stripeClient(site.settings), now, { websiteId: site.id }));
      const stripe = stripeSettings(env);
      if (stripe) runs.push(reconcileStripe(db, stripeClient(stripe), now, { exceptSites: own.map((site) => site.id) }));
      const all = await Promise.all(runs);
      const money = all.reduce((n, r) => ({ refunded: n.refunded + r.refunded, failed: n.failed + r.failed }), { refunded: 0, failed: 0 });
      return money.refunded || money.failed ? `refunded ${money.refunded}, failed ${money.failed}` : null;
    },
  },
  // Orders whose request died mid-way (docs/crash-safety.md): past their lease, paid ones finished, the rest undone and their keys freed.
  'order recovery': {
    crons: [MAIL_CRON],
    run: async (env, db, now) => {
      const deps = { providerFor: refundProvidersBySite(db, env), leaseMs: leaseMs(env), downloadSecret: downloadLinkSecret(env), reviewSecret: env.REVIEW_LINK_SECRET };
      const r = await reconcileOrderKeys(db, deps, now);
      if (!(r.released || r.refunded || r.refundFailed || r.finished)) return null;
      return `released ${r.released} unfinished order keys (stock put back for ${r.restocked}), refunded ${r.refunded}, refund failed ${r.refundFailed}, finished ${r.finished} paid orders`;
    },
  },
  // Refunds left pending past two minutes (a cancel's refund among them) are finished (edge/services/order-ops/pending.ts).
  'pending refunds': {
    crons: [MAIL_CRON],
    run: async (env, db, now) => {
      const r = await finishStaleRefunds(db, (site) => siteRefundProviders(db, env, site), now);
      return r.finished || r.pending ? `finished ${r.finished}, still pending ${r.pending}` : null;
    },
  },
  // Each cycle at most once, even when runs overlap (edge/services/subscriptions/renew.ts).
  'subscription renewals': {
    crons: [RENEWAL_CRON, DAILY_CRON],
    run: async (env, db, now) => {
      const r = await renewDueSubscriptions(db, renewalDeps(db, env), now);
      // Then memberships past their end (a cancelled plan's paid period, a dated grant) end (issue 30).
      const lapsed = await endLapsedMemberships(db, now);
      if (!(r.renewed || r.declined || r.skipped || r.failed || lapsed)) return null;
      return `${r.renewed} renewed, ${r.declined} declined, ${r.skipped} skipped, ${r.failed} failed, ${lapsed} memberships ended`;
    },
  },
  // Raw hits, events and visits after RAW_RETENTION_DAYS; rollups, vitals and error groups after ROLLUP_RETENTION_DAYS.
  'census retention': {
    crons: [DAILY_CRON],
    run: async (_env, db, now) => {
      const removed = await censusStore(db).prune({ rawBefore: now - RAW_RETENTION_DAYS * DAY_MS, rollupsBefore: now - ROLLUP_RETENTION_DAYS * DAY_MS });
      return removed ? `removed ${removed} rows` : null;
    },
  },
  // Every minute: scheduled pages go live at most a minute late (their content version moves in the same batch).
  'scheduled pages': {
    crons: [MAIL_CRON],
    run: async (_env, db, now) => {
      const published = await publishDuePages(db, now);
      // Pages' own layouts in added languages (issue 29) scheduled for the same minute.
      const languages = await publishDueLanguageLayouts(db, now);
      const parts = [published ? `published ${published}` : '', languages ? `published ${languages} language layouts` : ''].filter(Boolean);
      return parts.length ? parts.join(', ') : null;
    },
  },
  // Pages in the trash for more than 30 days go for good, with their revisions.
  'page trash': {
    crons: [DAILY_CRON],
    run: async (_env, db, now) => {
      const purged = await purgeTrash(db, now);
      return purged ? `purged ${purged}` : null;
    },
  },
  // The webhook delivery log keeps LOG_RETENTION_DAYS of finished deliveries.
  'webhook log retention': {
    crons: [DAILY_CRON],
    run: async (_env, db, now) => {
      const removed = await pruneWebhookLog(db, now);
      return removed ? `removed ${removed} deliveries older than ${LOG_RETENTION_DAYS} days` : null;
    },
  },
  // Trials that ended become expired (SPEC §4), at most a minute late; one atomic UPDATE, nothing deleted.
  'trial expiry': {
    crons: [MAIL_CRON],
    run: async (_env, db, now, shard) => {
      const expired = await expireEndedTrials(db, now, shard);
      return expired ? `expired ${expired} sites` : null;
    },
  },
  // Site exports whose build died after the response are built again; expired ones go with their zips.
  'site exports': {
    crons: [MAIL_CRON],
    run: async (env, db, now) => {
      const r = await runSiteExports(db, env.FILES, (id) => siteOrigin(db, id), now);
      return r.built || r.removed ? `built ${r.built}, removed ${r.removed} expired` : null;
    },
  },
  // Sites deleted more than 30 days ago go for good: every row of every site table, then their files.
  'site purge': {
    crons: [DAILY_CRON],
    run: async (env, db, now) => {
      const purged = await purgeDeletedSites(db, env.FILES, now);
      return purged ? `purged ${purged} sites` : null;
    },
  },
  'cart cleanup': {
    crons: [DAILY_CRON],
    run: async (_env, db, now) => {
      const removed = await pruneExpiredCarts(db, now);
      return removed.carts || removed.holds ? `removed ${removed.carts} expired carts and ${removed.holds} expired stock holds` : null;
    },
  },
};

/**
 * The Cron Triggers' work: the jobs of `cron` (every job when it has no name, as in a
 * manual run), on every shard. One job failing leaves the others to run; the trigger still reports it.
 */
export async function runScheduled(env: Env, now: number, cron?: string): Promise<void> {
  const due = Object.entries(JOBS).filter(([, job]) => !cron || job.crons.includes(cron));
  // Every job runs on every shard (docs/platform.md "Shards"); lines name the shard past shard 0.
  // The two shards of a site being moved wait until the move is over: both hold its queued work.
  const shards = shardDbs(env);
  const moving = await shards[0]!.select({ from: websites.shard, to: websites.movingTo }).from(websites).where(isNotNull(websites.movingTo));
  const paused = new Set(moving.flatMap((m) => [m.from, m.to!]));
  for (const shard of paused) console.log(`shard ${shard}: Cron jobs wait while a site moves between shards`);
  const runs = shards.flatMap((db, shard) =>
    paused.has(shard) ? [] : due.map(([name, job]) => ({ name: shard === 0 ? name : `${name} (shard ${shard})`, job, db, shard })),
  );
  const results = await Promise.allSettled(
    runs.map(async ({ name, job, db, shard }) => {
      const line = await job.run(env, db, now, shard);
      if (line !== null) console.log(`${name}: ${line}`);
    }),
  );
  const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [`${runs[i]!.name}: ${String(r.reason)}`] : []));
  for (const line of failed) console.error(line);
  if (failed.length > 0) throw new Error(`Cron Trigger jobs failed: ${failed.join('; ')}`);
}
