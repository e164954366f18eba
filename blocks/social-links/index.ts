import { z } from 'zod';
import { defineBlock } from '../define.js';
import { linkProp, safeHref } from '../safe-url.js';

/** social-links.html */
export const SOCIAL_LINKS_PARTIAL = "<ul class=\"block-social-links{.if props.showNames} block-social-links-named{.end}\">{.repeated section view.links}<li><a href=\"{href|htmlattr}\"{.if external} target=\"_blank\" rel=\"me noopener noreferrer\"{.end} title=\"{name|htmlattr}\"><span class=\"block-social-icon\" aria-hidden=\"true\">{badge|html}</span><span class=\"block-social-name{.if props.showNames}{.or} sr-only{.end}\">{name|html}</span></a></li>{.end}</ul>\n";

/** Known services by the registrable part of a profile URL's host: the name and the badge drawn as its icon. */
const SERVICES: Record<string, { name: string; badge: string }> = {
  'instagram.com': { name: 'Instagram', badge: 'Ig' },
  'facebook.com': { name: 'Facebook', badge: 'f' },
  'fb.com': { name: 'Facebook', badge: 'f' },
  'x.com': { name: 'X', badge: 'X' },
  'twitter.com': { name: 'X', badge: 'X' },
  'youtube.com': { name: 'YouTube', badge: '▶' },
  'youtu.be': { name: 'YouTube', badge: '▶' },
  'tiktok.com': { name: 'TikTok', badge: '♪' },
  'pinterest.com': { name: 'Pinterest', badge: 'P' },
  'linkedin.com': { name: 'LinkedIn', badge: 'in' },
  'vimeo.com': { name: 'Vimeo', badge: 'V' },
  'github.com': { name: 'GitHub', badge: 'GH' },
  'threads.net': { name: 'Threads', badge: '@' },
  'bsky.app': { name: 'Bluesky', badge: 'B' },
  'etsy.com': { name: 'Etsy', badge: 'E' },
  'spotify.com': { name: 'Spotify', badge: 'S' },
  'soundcloud.com': { name: 'SoundCloud', badge: 'SC' },
  'behance.net': { name: 'Behance', badge: 'Bē' },
  'dribbble.com': { name: 'Dribbble', badge: 'D' },
  'tumblr.com': { name: 'Tumblr', badge: 't' },
};

interface SocialLink {
  href: string;
  name: string;
  badge: string;
  external: boolean;
}

/** The service a profile link points at (by host), an email or phone link, or the host itself. */
function socialLink(raw: string): SocialLink | undefined {
  const href = safeHref(raw);
  if (!href) return undefined;
  if (/^mailto:/i.test(href)) return { href, name: 'Email', badge: '✉', external: false };
  if (/^tel:/i.test(href)) return { href, name: 'Phone', badge: '☎', external: false };
  let host: string;
  try {
    host = new URL(href, 'https://site.invalid').hostname.replace(/^(www|m)\./, '');
  } catch {
    return undefined;
  }
  if (host === 'site.invalid') return { href, name: 'Link', badge: '↗', external: false };
  const service = SERVICES[host] ?? SERVICES[host.split('.').slice(-2).join('.')];
  return { href, ...(service ?? { name: host, badge: host[0]!.toUpperCase() }), external: true };
}

/**
 * Icons linking to the site's profiles elsewhere: each URL's service is known by its host
 * and drawn as a round badge with its name for screen readers (shown with `showNames`).
 * Only http, https, mailto and tel links are kept (safe-url.ts).
 */
export const socialLinksBlock = defineBlock({
  name: 'social-links',
  code: 19,
  group: 'SOCIAL',
  props: z.strictObject({
    links: z.array(linkProp.min(1)).max(20).default([]),
    showNames: z.boolean().default(false),
  }),
  partial: SOCIAL_LINKS_PARTIAL,
  view: (props) => ({ links: props.links.flatMap((link) => socialLink(link) ?? []) }),
});
