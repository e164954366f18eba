import { describe, expect, it } from 'vitest';
import { absoluteTarget, campaignMailHtml, campaignMailText, linkTargets, replaceLinks } from './campaign-mail.js';

describe('campaign mail', () => {
  const body = '<p class="rt-align-center rt-size-large">Hello &amp; welcome</p><p><a href="https://example.com/a?x=1&amp;y=2">shop</a> <a href="/journal">journal</a> <a href="mailto:a@b.test">mail</a></p>';

  it('finds http(s) and site-path targets, unescaped; mailto links stay as written', () => {
    expect(linkTargets(body)).toEqual(['https://example.com/a?x=1&y=2', '/journal']);
    expect(absoluteTarget('/journal', 'https://shop.test')).toBe('https://shop.test/journal');
    expect(absoluteTarget('https://example.com/', 'https://shop.test')).toBe('https://example.com/');
  });

  it('replaces link targets with escaped replacements, leaving the rest', () => {
    const out = replaceLinks(body, new Map([['https://example.com/a?x=1&y=2', 'https://shop.test/c?u="x"&s=1']]));
    expect(out).toContain('href="https://shop.test/c?u=&quot;x&quot;&amp;s=1"');
    expect(out).toContain('href="/journal"');
    expect(out).toContain('href="mailto:a@b.test"');
  });

  it('wraps the body in the email card with inline styles only, escaping the subject and site name', () => {
    const html = campaignMailHtml({ subject: 'A <b> letter', bodyHtml: body, siteTitle: 'Kiln & Co', unsubscribeUrl: 'https://shop.test/newsletter/unsubscribe?s=1&sig=2' });
    expect(html).toContain('<title>A &lt;b&gt; letter</title>');
    expect(html).toContain('Kiln &amp; Co');
    expect(html).not.toContain('<style');
    expect(html).not.toContain('class=');
    expect(html).toContain('<p style="text-align:center;font-size:19px">Hello &amp; welcome</p>');
    expect(html).toContain('href="https://shop.test/newsletter/unsubscribe?s=1&amp;sig=2"');
  });

  it('writes a text part with link targets and the unsubscribe link', () => {
    const text = campaignMailText(body, 'https://shop.test/u');
    expect(text).toBe('Hello & welcome\n\nshop (https://example.com/a?x=1&y=2) journal (/journal) mail (mailto:a@b.test)\n\nUnsubscribe: https://shop.test/u\n');
  });
});
