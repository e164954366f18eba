import { describe, expect, it } from 'vitest';
import { hostName, isLocalHost } from './websites.js';

describe('host selection helpers', () => {
  it('drops the port and lower-cases', () => {
    expect(hostName('Shop.Example.com:8787')).toBe('shop.example.com');
    expect(hostName('localhost')).toBe('localhost');
    expect(hostName('[::1]:8787')).toBe('[::1]');
  });

  it('treats loopback names as local', () => {
    expect(isLocalHost('localhost')).toBe(true);
    expect(isLocalHost('127.0.0.1')).toBe(true);
    expect(isLocalHost('[::1]')).toBe(true);
    expect(isLocalHost('demo.localhost')).toBe(true);
    expect(isLocalHost('example.com')).toBe(false);
  });
});
