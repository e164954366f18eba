import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, serializePolicy, sitePolicy } from './policy.js';
import { THIRD_PARTY_SOURCES, thirdPartiesOf, type ThirdParty } from './third-parties.js';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('content security policy', () => {
  it('allows only own and hashed scripts, never inline or eval', () => {
    for (const parties of [[], Object.keys(THIRD_PARTY_SOURCES) as ThirdParty[]]) {
      const policy = serializePolicy(contentSecurityPolicy(parties));
      const scripts = directive(policy, 'script-src');
      expect(scripts.startsWith("script-src 'self'")).toBe(true);
      expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval|\*(?!\.)|data:|https:(?!\/\/)/);
      expect(directive(policy, 'object-src')).toBe("object-src 'none'");
      expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'");
      expect(directive(policy, 'style-src-elem')).not.toContain('unsafe-inline');
    }
  });

  it('opens hosts per enabled integration only', () => {
    expect(thirdPartiesOf({ captchaSiteKey: '  ', siteSettings: {}, storeSettings: {} as never })).toEqual([]);
    expect(
      thirdPartiesOf({ captchaSiteKey: 'k', siteSettings: { metaPixelId: '123' }, storeSettings: { paymentProviders: ['paypal', 'bogus' as never] } as never }),
    ).toEqual(['paypal', 'recaptcha', 'meta-pixel']);
    const policy = sitePolicy({ siteSettings: { metaPixelId: '123' } });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' https://connect.facebook.net");
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: https://www.facebook.com");
    expect(policy).not.toMatch(/stripe|paypal|recaptcha/);
  });

  it('names its report endpoint for report-uri and report-to', () => {
    const policy = sitePolicy({});
    expect(policy).toContain('report-uri /api/security/csp-report');
    expect(policy).toContain('report-to csp');
  });
});
