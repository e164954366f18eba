import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';

const out = (template: string, data: unknown) => render(template, data).output;

describe('image size formatters (SPEC §5 message)', () => {
  const message = "Invalid source parameter. Pass in 'originalSize'";
  it('reads the sides of widthxheight', () => {
    expect(out('{s|width} {s|height}', { s: '800x400' })).toBe('800 400');
  });

  it('answers every malformed size with the SPEC §5 message', () => {
    for (const f of ['width', 'height', 'resizedHeightForWidth 50', 'resizedWidthForHeight 50', 'squarespaceThumbnailForHeight 50']) {
      expect(out(`{s|${f}}`, { s: '800' })).toBe(message);
      expect(out(`{s|${f}}`, { s: 1000 })).toBe(message);
    }
  });

  it('picks a thumbnail bucket for a requested height', () => {
    expect(out('{s|squarespaceThumbnailForHeight 300}', { s: '2000x1000' })).toBe('750w');
    expect(out('{s|squarespaceThumbnailForWidth 1200}', { s: 'ignored' })).toBe('1500w');
  });
});

describe('website-color (SPEC §5 messages)', () => {
  it('renders the colour or its error text', () => {
    expect(out('{c|website-color}', { c: { hue: 10, saturation: 0.5, lightness: 0.25 } })).toBe('hsl(10, 50%, 25%)');
    expect(out('{c|website-color}', { c: { hue: 361, saturation: 0.5, lightness: 0.25 } })).toBe('Hue out of bounds.');
    expect(out('{c|website-color}', {})).toBe('Missing an H/S/L value.');
  });
});

describe('color-weight', () => {
  it('is empty for a value that is not a colour', () => {
    expect(out('{c|color-weight}', { c: 'blue' })).toBe('');
    expect(out('{c|color-weight}', { c: '#f0f0f0' })).toBe('light');
  });
});

describe('markup formatters escape what they interpolate', () => {
  it('audio-player', () => {
    const html = out('{item|audio-player}', { item: { id: '"x', structuredContent: { audioAssetUrl: '/a.mp3?a=1&b=<2>' } } });
    expect(html).toContain('data-audio-asset-url="/a.mp3?a=1&amp;b=&lt;2&gt;"');
    expect(html).toContain('id="audio-player-&quot;x"');
  });

  it('video', () => {
    const html = out('{v|video}', { v: { oembed: { html: '<iframe src="x">', providerName: '"p' } } });
    expect(html).toBe('<div class="sqs-video-wrapper" data-html="&lt;iframe src=&quot;x&quot;&gt;" data-provider-name="&quot;p"></div>');
  });

  it('image', () => {
    const html = out('{i|image}', { i: { id: '1', assetUrl: '/a.jpg', title: '"><script>' } });
    expect(html).not.toContain('<script>');
    expect(html).toContain('alt="&quot;&gt;&lt;script&gt;"');
  });
});

describe('small text formatters', () => {
  it('AbsUrl, capitalize, humanizeDuration', () => {
    expect(out('{u|AbsUrl}', { 'base-url': 'https://x.test', u: 'a/b' })).toBe('https://x.test/a/b');
    expect(out('{t|capitalize}', { t: 'tea' })).toBe('TEA');
    expect(out('{d|humanizeDuration}', { d: 59999 })).toBe('0:59');
  });

  it('item-classes slugs the labels it uses', () => {
    expect(out('{@|item-classes}', { recordTypeLabel: 'x', tags: ['A "b"'], starred: true })).toBe(
      'hentry tag-a-b post-type-x featured',
    );
  });
});
