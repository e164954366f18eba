import { hashSources, INLINE_SCRIPT_HASHES, INLINE_STYLE_HASHES } from './inline-hashes.js';
import { THIRD_PARTY_SOURCES, thirdPartiesOf, type IntegrationSettings, type ThirdParty, type ThirdPartySources } from './third-parties.js';

/** Where browsers send CSP violation reports (edge/api/security). */
export const CSP_REPORT_PATH = '/api/security/csp-report';
/** The Reporting-Endpoints name the policy's `report-to` refers to. */
export const CSP_REPORT_GROUP = 'csp';

/** Directive name (camelCase, as Hono's secureHeaders takes them) -> source expressions. */
export type CspDirectives = Record<string, string[] | string>;

/**
 * The Content-Security-Policy of a page of a site with `thirdParties` enabled.
 *
 * - Scripts: only the site's own files ('self') and hashed inline code; never
 *   'unsafe-inline' or 'unsafe-eval'. Island props are JSON script elements, which never run.
 * - Style elements: own files and hashed inline `<style>` only (a style element can read the
 *   page through attribute selectors; an attribute cannot). Style attributes are allowed
 *   (`style-src-attr 'unsafe-inline'`): the engine and themes emit them (video thumbnails,
 *   form summaries, focal points); they cannot run script, and any url() in them is held to img-src.
 *   `style-src` keeps 'unsafe-inline' only for browsers without style-src-elem/-attr.
 * - frame-ancestors 'self': the owner area frames the site for previews; nobody else may.
 */
export function contentSecurityPolicy(thirdParties: readonly ThirdParty[] = []): CspDirectives {
  const extra = (directive: keyof ThirdPartySources) => [...new Set(thirdParties.flatMap((t) => THIRD_PARTY_SOURCES[t][directive] ?? []))];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...hashSources(INLINE_SCRIPT_HASHES), ...extra('scriptSrc')],
    styleSrc: ["'self'", "'unsafe-inline'"],
    styleSrcElem: ["'self'", ...hashSources(INLINE_STYLE_HASHES)],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', ...extra('imgSrc')],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...extra('connectSrc')],
    mediaSrc: ["'self'"],
    frameSrc: ["'self'", ...extra('frameSrc')],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...extra('formAction')],
    frameAncestors: ["'self'"],
    reportUri: CSP_REPORT_PATH,
    reportTo: CSP_REPORT_GROUP,
  };
}

/** The directives as a header value, e.g. for a `<meta>`-less check or another response. */
export function serializePolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, value]) => [name.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`), ...(Array.isArray(value) ? value : [value])].join(' '))
    .join('; ');
}

/**
 * The policy header value for a site, from its settings (the website row):
 * what other code calls when it needs the site's policy outside the middleware.
 * @example sitePolicy(c.var.site) // "default-src 'self'; script-src 'self' https://js.stripe.com ..."
 */
export function sitePolicy(settings: IntegrationSettings): string {
  return serializePolicy(contentSecurityPolicy(thirdPartiesOf(settings)));
}

/**
 * Active content from uploads (SVG, HTML, XML, PDF): no script, no plugins, no requests,
 * a sandboxed opaque origin; inline styles and data: images only, so an SVG still draws.
 */
export const ACTIVE_CONTENT_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";
