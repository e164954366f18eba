import { expect, it } from 'vitest';
import { checkLink, LINK_MESSAGES } from './link-rules.js';

it.each([
  ['/about', '/about'],
  ['  /shop/mugs?sort=new#top ', '/shop/mugs?sort=new#top'],
  ['example.com', 'https://example.com'],
  ['www.example.co.uk/a?b=1', 'https://www.example.co.uk/a?b=1'],
  ['http://example.com/x', 'http://example.com/x'],
  ['HTTPS://Example.com', 'HTTPS://Example.com'],
  ['mailto:studio@fernandkiln.test', 'mailto:studio@fernandkiln.test'],
  ['mailto:studio@fernandkiln.test?subject=Hi', 'mailto:studio@fernandkiln.test?subject=Hi'],
  ['studio@fernandkiln.test', 'mailto:studio@fernandkiln.test'],
  ['tel:+1 555 0100', 'tel:+1 555 0100'],
])('accepts %s as %s', (input, href) => {
  expect(checkLink(input)).toEqual({ ok: true, href });
});

it.each([
  ['javascript:alert(1)', LINK_MESSAGES.badLink],
  [' JaVaScRiPt:alert(1)', LINK_MESSAGES.badLink],
  ['data:text/html,<script>alert(1)</script>', LINK_MESSAGES.badLink],
  ['vbscript:x', LINK_MESSAGES.badLink],
  ['ftp://example.com', LINK_MESSAGES.badLink],
  ['not a link', LINK_MESSAGES.badLink],
  ['example', LINK_MESSAGES.badLink],
  ['https://exa mple.com', LINK_MESSAGES.badLink],
  ['', LINK_MESSAGES.badLink],
  ['//evil.example', LINK_MESSAGES.badLink],
  ['https://' + 'a'.repeat(2100) + '.com', LINK_MESSAGES.badLink],
  ['/about us', '/about us is not a valid page URL'],
  ['/a\\b', '/a\\b is not a valid page URL'],
  ['mailto:', 'Please enter a valid email'],
  ['mailto:nobody', 'Emails must be formatted as user@domain.com'],
  ['someone@nowhere', 'Emails must be formatted as user@domain.com'],
  ['tel:call-me', LINK_MESSAGES.badLink],
])('refuses %s with its SPEC message', (input, message) => {
  expect(checkLink(input)).toEqual({ ok: false, message });
});

it('words the SPEC §5 messages exactly, with the formats filled in', () => {
  expect(LINK_MESSAGES.badLink).toBe('Links must be formatted as example.com or https://example.com');
  expect(LINK_MESSAGES.noEmail).toBe('Please enter a valid email');
});
