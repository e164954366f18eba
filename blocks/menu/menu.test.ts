import { expect, it } from 'vitest';
import { refusedFields, renderBlock } from '../test-render.js';

const sections = [{ title: 'Tea', note: 'Served in our own cups', items: [{ name: 'Sencha', description: 'Green, <steamed>', price: 450 }, { name: 'Tap water' }] }];

it('lists sections of items with prices from integer minor units, by the engine\'s money formatter', () => {
  expect(renderBlock('menu', { currency: 'GBP', sections })).toBe(
    '<div class="block-menu"><section class="block-menu-section"><h3>Tea</h3><p class="block-menu-note">Served in our own cups</p><ul><li class="block-menu-item"><div class="block-menu-line"><span class="block-menu-name">Sencha</span><span class="block-menu-price">£4.50</span></div><p class="block-menu-description">Green, &lt;steamed&gt;</p></li><li class="block-menu-item"><div class="block-menu-line"><span class="block-menu-name">Tap water</span></div></li></ul></section></div>\n',
  );
  expect(renderBlock('menu', { currency: 'JPY', sections: [{ items: [{ name: 'Matcha', price: 1200 }] }] })).toContain('<span class="block-menu-price">¥1,200</span>');
  expect(renderBlock('menu', { sections: [{ items: [{ name: 'Cake', price: 0 }] }] })).toContain('<span class="block-menu-price">$0.00</span>');
  expect(renderBlock('menu', { currency: 'EUR', sections: [{ items: [{ name: 'Kaffee', price: 320 }] }] }, { locale: 'de-DE' })).toMatch(/<span class="block-menu-price">3,20\s€<\/span>/);
});

it('refuses prices that are not whole minor units, unknown currencies and hostile-free text stays text', () => {
  expect(refusedFields('menu', { sections: [{ items: [{ name: 'x', price: 4.5 }] }] })).toHaveProperty(['layout.sections.0.blocks.0.props.sections.0.items.0.price']);
  expect(refusedFields('menu', { sections: [{ items: [{ name: 'x', price: -1 }] }] })).toBeDefined();
  expect(refusedFields('menu', { currency: 'XYZ' })).toBeDefined();
  const html = renderBlock('menu', { sections: [{ title: '<script>alert(1)</script>', items: [{ name: '<img src=x onerror=alert(1)>' }] }] });
  expect(html).not.toMatch(/<script|<img/);
});
