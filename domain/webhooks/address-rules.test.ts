import { describe, expect, it } from 'vitest';
import { isBlockedAddress, isBlockedHostName, parseIpv6 } from './address-rules.js';

describe('webhook address rules (SSRF)', () => {
  it('refuses loopback, private, shared, link-local, reserved and multicast IPv4', () => {
    for (const a of ['127.0.0.1', '127.255.0.9', '10.0.0.1', '10.200.3.4', '172.16.0.1', '172.31.255.255', '192.168.0.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1', '192.0.2.5']) {
      expect(isBlockedAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '172.15.255.255', '100.128.0.1', '1.1.1.1']) expect(isBlockedAddress(a), a).toBe(false);
  });

  it('refuses IPv6 loopback, unspecified, unique-local, link-local, multicast and the IPv4 forms of refused addresses', () => {
    for (const a of ['::1', '[::1]', '::', '0:0:0:0:0:0:0:1', 'fc00::1', 'fd12:3456::1', 'fe80::1%eth0', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::', '2001:db8::1', 'not-an-address']) {
      expect(isBlockedAddress(a), a).toBe(true);
    }
    for (const a of ['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:93.184.216.34']) expect(isBlockedAddress(a), a).toBe(false);
  });

  it('reads IPv6 in its short, long and embedded-IPv4 forms', () => {
    expect(parseIpv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIpv6('1::2::3')).toBeUndefined();
    expect(parseIpv6('1:2:3')).toBeUndefined();
  });

  it('refuses local host names whatever they resolve to', () => {
    for (const h of ['localhost', 'LOCALHOST.', 'api.localhost', 'printer.local', 'db.internal', 'router.home.arpa', 'intranet']) expect(isBlockedHostName(h), h).toBe(true);
    expect(isBlockedHostName('hooks.example.com')).toBe(false);
  });
});
