import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.js';
import type { SiteRecord } from '../services/websites.js';

/** Where vulnerabilities in Atelier itself (and sites that name no contact) are reported. */
export const PLATFORM_SECURITY_CONTACT = 'mailto:security@atelier.site';
export const PLATFORM_SECURITY_POLICY = 'https://atelier.site/security';

/** RFC 9116 §2.5.5: Expires must be less than a year ahead; 180 days, renewed as served. */
const EXPIRES_DAYS = 180;
const DAY_MS = 86_400_000;

const uri = z.string().trim().max(500).regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+|tel:\+?[\d\s-]+)$/);
const settingsSchema = z.object({
  securityContact: z.union([uri, z.array(uri).min(1).max(5)]).optional().catch(undefined),
  securityPolicyUrl: z.string().trim().max(500).regex(/^https:\/\/\S+$/).optional().catch(undefined),
  securityPreferredLanguages: z.string().trim().max(100).regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*(\s*,\s*[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*)*$/).optional().catch(undefined),
});

/**
 * The site's security.txt (RFC 9116) from its settings (`siteSettings.securityContact`,
 * `securityPolicyUrl`, `securityPreferredLanguages`); a setting that is missing or not a
 * valid URI falls back to the platform's own contact and policy.
 */
export function securityTxt(site: Pick<SiteRecord, 'siteSettings' | 'primaryHost'>, now: number): string {
  const settings = settingsSchema.parse(site.siteSettings ?? {});
  const contacts = settings.securityContact === undefined ? [PLATFORM_SECURITY_CONTACT] : [settings.securityContact].flat();
  // Midnight UTC, so the text (and its cache) changes once a day at most.
  const expires = new Date(Math.floor(now / DAY_MS) * DAY_MS + EXPIRES_DAYS * DAY_MS).toISOString().replace('.000Z', 'Z');
  const lines = [
    ...contacts.map((c) => `Contact: ${c}`),
    `Expires: ${expires}`,
    `Policy: ${settings.securityPolicyUrl ?? PLATFORM_SECURITY_POLICY}`,
    `Preferred-Languages: ${settings.securityPreferredLanguages ?? 'en'}`,
    `Canonical: https://${site.primaryHost}/.well-known/security.txt`,
  ];
  return `${lines.join('\n')}\n`;
}

/** GET /.well-known/security.txt for the request's site. */
export const wellKnown = new Hono<AppEnv>();

wellKnown.get('/security.txt', (c) => {
  c.header('Cache-Control', 'public, max-age=3600');
  return c.text(securityTxt(c.var.site, Date.now()));
});
