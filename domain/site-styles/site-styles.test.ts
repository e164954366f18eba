import { describe, expect, it } from 'vitest';
import { applyBrandTone, BRAND_TONE_PRESETS } from './brand-tones.js';
import { fromHsl, isDark, luminance, parseColour, textOn, toHex, toHsl } from './colour.js';
import { FONT_FAMILIES, fontFaceCss, fontFamily } from './fonts.js';
import { BRAND_TONES, DEFAULT_SITE_STYLES, siteStylesSchema } from './site-styles.js';
import { fontStylesheets, styleDeclarations } from './style-css.js';

describe('colours', () => {
  it('reads hex and rgba and keeps lower-case hex', () => {
    expect(toHex(parseColour('#ABC')!)).toBe('#aabbcc');
    expect(toHex(parseColour('#9A4A2E')!)).toBe('#9a4a2e');
    expect(toHex(parseColour('rgba(255, 0, 0, 0.5)')!)).toBe('#ff000080');
    expect(toHex(parseColour('rgb(1,2,3)')!)).toBe('#010203');
    for (const bad of ['red', '#12', 'rgb(256,0,0)', 'url(x)', '#fff;}body{', 'rgba(1,2,3,2)']) expect(parseColour(bad), bad).toBeUndefined();
  });

  it('SPEC §9: dark below luminance 0.65 gets light text, else dark text', () => {
    expect(luminance(parseColour('#ffffff')!)).toBe(1);
    // 0.299*166+0.587*166+0.114*166 = 166/255 = 0.651: just light.
    expect(isDark(parseColour('#a6a6a6')!)).toBe(false);
    // 165/255 = 0.647: just dark.
    expect(isDark(parseColour('#a5a5a5')!)).toBe(true);
    expect(textOn('#a5a5a5')).toBe('#ffffff');
    expect(textOn('#a6a6a6')).toBe('#1d1b18');
    expect(textOn('#9a4a2e')).toBe('#ffffff');
    expect(textOn('#f3e6b8')).toBe('#1d1b18');
  });

  it('converts to HSL and back', () => {
    const c = parseColour('#9a4a2e')!;
    const { h, s, l } = toHsl(c);
    expect(toHex(fromHsl(h, s, l))).toMatch(/^#9[9ab]4[9ab]2[def]$/);
    expect(toHsl(parseColour('#ff0000')!)).toEqual({ h: 0, s: 100, l: 50 });
  });
});

describe('the site styles document', () => {
  it('takes the defaults and stores colours as hex', () => {
    expect(siteStylesSchema.parse(DEFAULT_SITE_STYLES)).toEqual(DEFAULT_SITE_STYLES);
    const rgba = siteStylesSchema.parse({ ...DEFAULT_SITE_STYLES, colors: { ...DEFAULT_SITE_STYLES.colors, accent: 'rgba(0, 0, 255, 1)' } });
    expect(rgba.colors.accent).toBe('#0000ff');
  });

  it('refuses what could break out of a style attribute, unknown fonts and weights a family lacks', () => {
    const bad = (patch: object) => siteStylesSchema.safeParse({ ...DEFAULT_SITE_STYLES, ...patch });
    const colour = bad({ colors: { ...DEFAULT_SITE_STYLES.colors, text: 'red;background:url(//evil)' } });
    expect(colour.success).toBe(false);
    expect(colour.error!.issues[0]!.path).toEqual(['colors', 'text']);
    expect(bad({ fonts: { ...DEFAULT_SITE_STYLES.fonts, body: { family: 'Comic"Sans', weight: 400, size: 16 } } }).success).toBe(false);
    const weight = bad({ fonts: { ...DEFAULT_SITE_STYLES.fonts, heading: { family: 'pacifico', weight: 700, size: 32 } } });
    expect(weight.error!.issues[0]!.message).toBe('Pacifico comes in weights 400.');
    expect(bad({ cornerRadius: 61 }).success).toBe(false);
    expect(bad({ extra: 1 }).success).toBe(false);
  });

  it('every brand tone preset is a valid document with readable text', () => {
    expect(Object.keys(BRAND_TONE_PRESETS).sort()).toEqual(BRAND_TONES.filter((t) => t !== 'custom').sort());
    for (const tone of BRAND_TONES) {
      const styles = applyBrandTone(DEFAULT_SITE_STYLES, tone);
      expect(siteStylesSchema.safeParse(styles).success, tone).toBe(true);
      expect(styles.tone).toBe(tone);
      expect(styles.colors.accentText).toBe(tone === 'custom' ? DEFAULT_SITE_STYLES.colors.accentText : textOn(styles.colors.accent));
    }
    expect(applyBrandTone(DEFAULT_SITE_STYLES, 'custom').colors).toEqual(DEFAULT_SITE_STYLES.colors);
    expect(applyBrandTone(DEFAULT_SITE_STYLES, 'playful').fonts.heading.family).toBe('pacifico');
  });
});

describe('styles as CSS', () => {
  it('emits custom properties and the stylesheets of hosted fonts only', () => {
    const css = styleDeclarations(DEFAULT_SITE_STYLES);
    expect(css).toContain('--paper:#fbf8f3;--ink:#1d1b18;--accent:#9a4a2e;');
    expect(css).toContain('--radius:22px');
    expect(css).toContain('--section-padding:6%');
    expect(css).not.toMatch(/[<>{}]/);
    expect(fontStylesheets(DEFAULT_SITE_STYLES)).toEqual([]);
    const styles = applyBrandTone(DEFAULT_SITE_STYLES, 'sophisticated');
    expect(fontStylesheets(styles)).toEqual(['/assets/fonts/v1/playfair-display.css', '/assets/fonts/v1/eb-garamond.css']);
    expect(styleDeclarations(styles)).toContain('--font-display:"Playfair Display", Georgia');
    expect(styleDeclarations(styles)).toContain('--button-bg:transparent');
  });

  it('font faces point at /assets only', () => {
    expect(FONT_FAMILIES.filter((f) => f.hosted)).toHaveLength(12);
    const css = fontFaceCss(fontFamily('lora')!);
    expect(css).toContain('src:url(/assets/fonts/v1/lora-700.woff2) format("woff2")');
    expect(css).not.toMatch(/https?:/);
  });
});
