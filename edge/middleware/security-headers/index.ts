import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../../env.js';
import { isLocalHost } from '../../services/websites.js';
import { recalledIntegrations, rememberIntegrations } from './host-memory.js';
import { contentSecurityPolicy, CSP_REPORT_GROUP, CSP_REPORT_PATH } from './policy.js';
import { stripeOnPage, thirdPartiesOf, type ThirdParty } from './third-parties.js';

export { ACTIVE_CONTENT_POLICY } from './policy.js';

/**
 * HSTS for a year, without includeSubDomains: a custom domain belongs to its owner, whose
 * other subdomains may not serve HTTPS. Never on localhost (the demo runs on plain HTTP).
 */
export const HSTS = 'max-age=31536000';

function headersFor(thirdParties: readonly ThirdParty[], https: boolean): MiddlewareHandler {
  const paymentOrigins = thirdParties.includes('stripe') ? ['https://js.stripe.com'] : [];
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(thirdParties),
    reportingEndpoints: [{ name: CSP_REPORT_GROUP, url: CSP_REPORT_PATH }],
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: https ? HSTS : false,
    xFrameOptions: 'SAMEORIGIN',
    // Payment providers (PayPal) open popups that talk back to their opener.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    crossOriginResourcePolicy: 'same-origin',
    // What a shop never uses is off; payment and fullscreen (video) stay with the site.
    permissionsPolicy: {
      accelerometer: [],
      autoplay: ['self'],
      bluetooth: [],
      browsingTopics: [],
      camera: [],
      displayCapture: [],
      fullscreen: ['self'],
      geolocation: [],
      gyroscope: [],
      hid: [],
      idleDetection: [],
      magnetometer: [],
      microphone: [],
      midi: [],
      payment: ['self', ...paymentOrigins],
      serial: [],
      usb: [],
      xrSpatialTracking: [],
    },
    // A route that set a header itself keeps it: /assets/ sandboxes active content this way.
    overwrite: false,
  });
}

// One configured secureHeaders per distinct policy; there are only a few combinations.
const variants = new Map<string, MiddlewareHandler>();
const noop = async () => {};

/**
 * Security headers on every response the worker sends, pages, assets, APIs, errors and
 * 404s alike (it runs first and sets the headers on whatever came back). The CSP is the
 * site's: third-party hosts join it only when the site enables them (thirdPartiesOf); an
 * answer given before site selection (page cache) gets the host's recent site's (host-memory.ts).
 * docs/security.md explains each header.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const url = new URL(c.req.url);
  const host = url.hostname;
  const now = Date.now();
  let thirdParties: ThirdParty[];
  if (c.var.site) rememberIntegrations(host, (thirdParties = thirdPartiesOf({ ...c.var.site, captchaProvider: c.env?.CAPTCHA_PROVIDER })), now);
  else thirdParties = recalledIntegrations(host, now) ?? [];
  // The deployment's Stripe keys open Stripe's hosts on /checkout only, where the island loads Stripe.js.
  if (c.env && !thirdParties.includes('stripe') && stripeOnPage(c.env, url.pathname)) thirdParties = ['stripe', ...thirdParties];
  const https = !isLocalHost(host);
  const key = `${https ? 'https' : 'local'}|${thirdParties.join(',')}`;
  let apply = variants.get(key);
  if (!apply) variants.set(key, (apply = headersFor(thirdParties, https)));
  // Responses from fetch() or the Cache API have immutable headers: answer with a copy.
  try {
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    c.res = new Response(c.res.body, c.res);
  }
  // secureHeaders sets its headers after `next`; the response is already built here.
  await apply(c, noop);
});
