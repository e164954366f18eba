import { describe, expect, it } from 'vitest';
import { PLATFORM_SECURITY_CONTACT, securityTxt } from './security-txt.js';

const NOW = Date.UTC(2026, 10, 22, 15, 30);

describe('security.txt', () => {
  it('defaults to the platform contact with an Expires under a year', () => {
    const text = securityTxt({ primaryHost: 'shop.example', siteSettings: {} }, NOW);
    expect(text).toContain(`Contact: ${PLATFORM_SECURITY_CONTACT}\n`);
    expect(text).toContain('Expires: 2027-05-21T00:00:00Z\n');
    expect(text).toContain('Canonical: https://shop.example/.well-known/security.txt\n');
  });

  it('uses the site settings, and ignores ones that are not valid URIs', () => {
    const site = {
      primaryHost: 'shop.example',
      siteSettings: { securityContact: ['mailto:sec@shop.example', 'https://shop.example/report'], securityPolicyUrl: 'https://shop.example/policy', securityPreferredLanguages: 'en, de' },
    };
    const text = securityTxt(site, NOW);
    expect(text).toMatch(/^Contact: mailto:sec@shop.example\nContact: https:\/\/shop.example\/report\n/);
    expect(text).toContain('Policy: https://shop.example/policy\n');
    expect(text).toContain('Preferred-Languages: en, de\n');
    const bad = securityTxt({ primaryHost: 'x', siteSettings: { securityContact: 'javascript:alert(1)\nContact: evil', securityPolicyUrl: 'http://x' } }, NOW);
    expect(bad).toContain(`Contact: ${PLATFORM_SECURITY_CONTACT}\n`);
    expect(bad).not.toMatch(/evil|javascript|http:\/\/x/);
  });
});
