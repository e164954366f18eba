import { describe, expect, it } from 'vitest';
import { currentScreen, groupScreens } from './navigation.js';
import { matchRoute } from './router.js';

describe('the owner navigation', () => {
  const screens = [
    { path: '/config/traffic', label: 'Traffic', area: 'Analytics' },
    { path: '/config/orders', label: 'Orders', area: 'Orders' },
    { path: '/config/reviews', label: 'Reviews', area: 'Products' },
    { path: '/config/subscriptions', label: 'Subscriptions', area: 'Orders' },
  ];

  it('groups screens by area in the navigation order and leaves empty areas out', () => {
    expect(groupScreens(screens).map((g) => [g.area, g.screens.map((s) => s.label)])).toEqual([
      ['Products', ['Reviews']],
      ['Orders', ['Orders', 'Subscriptions']],
      ['Analytics', ['Traffic']],
    ]);
  });

  it('marks the list a detail screen belongs to', () => {
    expect(currentScreen(screens, '/config/orders/1004')).toBe('/config/orders');
    expect(currentScreen(screens, '/config/orders/')).toBe('/config/orders');
    expect(currentScreen(screens, '/config/')).toBe('/config/');
    expect(currentScreen(screens, '/config/ordersx')).toBe('/config/');
  });

  it('matches route patterns with params', () => {
    expect(matchRoute('/config/orders/:number', '/config/orders/1004')).toEqual({ number: '1004' });
    expect(matchRoute('/config/orders', '/config/orders/')).toEqual({});
    expect(matchRoute('/config/orders', '/config/orders/1')).toBeUndefined();
  });
});
