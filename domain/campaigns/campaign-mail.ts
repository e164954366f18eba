/**
 * A campaign's mail as sent: the rich-text body (already rendered to safe HTML by
 * blocks/text/rich-text.ts) inside the commerce email preview style (SPEC page type 301):
 * a centred 600 px card with inline styles, the site's name above and the unsubscribe link
 * below. Pure functions; the sender signs the links (edge/services/campaigns/links.ts).
 */
import { fillText } from '../languages/words.js';

export interface CampaignMailParts {
  subject: string;
  /** The rendered rich-text body (its links already rewritten for the recipient). */
  bodyHtml: string;
  siteTitle: string;
  /** The recipient's signed unsubscribe link (page type 300); '#' in a preview. */
  unsubscribeUrl: string;
  /** The recipient's signed open pixel; none in a preview or test. */
  openPixelUrl?: string | undefined;
  /** The footer's words in the subscriber's language (issue 29); absent: the English. */
  footer?: CampaignFooter | undefined;
}

/**
 * A campaign mail's own words: the footer line (`{site}` the site's title), its unsubscribe
 * link's label, the text part's unsubscribe line (`{url}`), and the document's language tag.
 */
export interface CampaignFooter {
  lang: string;
  subscribedTo: string;
  unsubscribe: string;
  unsubscribeLine: string;
}

const ENGLISH_CAMPAIGN_FOOTER: CampaignFooter = {
  lang: 'en',
  subscribedTo: 'You get this mail because you subscribed to {site}.',
  unsubscribe: 'Unsubscribe',
  unsubscribeLine: 'Unsubscribe: {url}',
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const unescape = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);

// The rich-text classes (rt-align-*, rt-size-*, rt-indent-*) as inline styles: mail clients drop
// <style> elements, and the owner app's preview frame inherits a policy without inline <style>.
const CLASS_STYLES: Record<string, string> = {
  'rt-align-center': 'text-align:center', 'rt-align-right': 'text-align:right', 'rt-align-justify': 'text-align:justify',
  'rt-size-small': 'font-size:13px', 'rt-size-large': 'font-size:19px', 'rt-size-xlarge': 'font-size:24px',
  ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`rt-indent-${i + 1}`, `margin-left:${(i + 1) * 24}px`])),
};

/** The body's known rich-text classes turned into style attributes; links and images styled for mail. */
function inlineStyles(bodyHtml: string): string {
  return bodyHtml
    .replace(/\sclass="([^"]*)"/g, (_m, names: string) => {
      const style = names.split(/\s+/).map((n) => CLASS_STYLES[n]).filter(Boolean).join(';');
      return style ? ` style="${style}"` : '';
    })
    .replace(/<a\b/g, '<a style="color:#7a4b2a"');
}

/** The full HTML document of one campaign mail. */
export function campaignMailHtml(parts: CampaignMailParts): string {
  const footer = parts.footer ?? ENGLISH_CAMPAIGN_FOOTER;
  return `<!doctype html><html lang="${escape(footer.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(parts.subject)}</title></head>`
    + '<body style="margin:0;padding:0;background:#f4f1ec;">'
    + '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ec;padding:24px 0;"><tr><td align="center">'
    + '<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;font-family:-apple-system,BlinkMacSystemFont,\'Segoe UI\',Helvetica,Arial,sans-serif;color:#2b2622;font-size:16px;line-height:1.5;">'
    + `<tr><td style="padding:24px 32px 8px;font-size:14px;letter-spacing:.04em;text-transform:uppercase;color:#7a6f66;">${escape(parts.siteTitle)}</td></tr>`
    + `<tr><td style="padding:8px 32px 24px;">${inlineStyles(parts.bodyHtml)}</td></tr>`
    + '</table>'
    + `<p style="font-family:Helvetica,Arial,sans-serif;font-size:12px;color:#7a6f66;margin:16px 0 0;">${fillText(escape(footer.subscribedTo), { site: escape(parts.siteTitle) })} `
    + `<a href="${escape(parts.unsubscribeUrl)}" style="color:#7a6f66;">${escape(footer.unsubscribe)}</a></p>`
    + (parts.openPixelUrl ? `<img src="${escape(parts.openPixelUrl)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px;">` : '')
    + '</td></tr></table></body></html>';
}

/** The plain-text part: the body's text with each link's target after it, then the unsubscribe link. */
export function campaignMailText(bodyHtml: string, unsubscribeUrl: string, footer: CampaignFooter = ENGLISH_CAMPAIGN_FOOTER): string {
  const text = bodyHtml
    .replace(/<a\b[^>]*?\shref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, inner: string) => `${inner} (${href})`)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre)>/gi, '\n\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, '');
  return `${unescape(text).replace(/\n{3,}/g, '\n\n').trim()}\n\n${fillText(footer.unsubscribeLine, { url: unsubscribeUrl })}\n`;
}

const HREF = /(<a\b[^>]*?\shref=")([^"]*)(")/gi;

/** The distinct link targets of rendered HTML that a click link can carry (http(s), or a path of the site), unescaped. */
export function linkTargets(html: string): string[] {
  const out = new Set<string>();
  for (const match of html.matchAll(HREF)) {
    const href = unescape(match[2]!);
    if (/^https?:\/\//i.test(href) || (href.startsWith('/') && !href.startsWith('//'))) out.add(href);
  }
  return [...out];
}

/** A link target as a mail must carry it: a path of the site made absolute with the site's origin. */
export function absoluteTarget(href: string, origin: string): string {
  return href.startsWith('/') ? `${origin}${href}` : href;
}

/** `html` with each link whose target is in `replacements` pointing at its replacement instead. */
export function replaceLinks(html: string, replacements: ReadonlyMap<string, string>): string {
  return html.replace(HREF, (whole, before: string, href: string, after: string) => {
    const to = replacements.get(unescape(href));
    return to === undefined ? whole : `${before}${escape(to)}${after}`;
  });
}
