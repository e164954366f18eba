import { expect, it } from 'vitest';
import { refusedFields, renderBlock } from '../test-render.js';

it('draws a static map linking to the place on Google Maps, by address or by point', () => {
  expect(renderBlock('map', { address: '12 Kiln Lane, Bristol' })).toBe(
    '<figure class="block-map"><a class="block-map-static" href="https://www.google.com/maps/search/?api=1&amp;query=12%20Kiln%20Lane%2C%20Bristol" target="_blank" rel="noopener noreferrer"><span class="block-map-drawn" aria-hidden="true"><span class="block-map-pin"></span></span><span class="block-map-open">Open in Google Maps</span></a><figcaption>12 Kiln Lane, Bristol</figcaption></figure>\n',
  );
  expect(renderBlock('map', { lat: 51.45, lng: -2.58 })).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=51.45%2C-2.58"');
});

it('uses the site\'s own picture and OpenStreetMap when asked', () => {
  expect(renderBlock('map', { lat: 51.45, lng: -2.58, zoom: 12, provider: 'openstreetmap', image: '/assets/map.png', alt: 'The studio on the harbour' })).toContain(
    '<a class="block-map-static" href="https://www.openstreetmap.org/?mlat=51.45&amp;mlon=-2.58#map=12/51.45/-2.58" target="_blank" rel="noopener noreferrer"><img src="/assets/map.png" alt="The studio on the harbour" loading="lazy"><span class="block-map-open">Open in OpenStreetMap</span></a>',
  );
  expect(renderBlock('map', { address: 'Harbour <side>', provider: 'openstreetmap' })).toContain('href="https://www.openstreetmap.org/search?query=Harbour%20%3Cside%3E"');
});

it('has no link without a place, escapes the address and refuses pictures that are not the site\'s own files, and bad coordinates', () => {
  expect(renderBlock('map')).toBe('<figure class="block-map"><div class="block-map-static"><span class="block-map-drawn" aria-hidden="true"></span><span class="block-map-open">No location yet</span></div></figure>\n');
  const html = renderBlock('map', { address: '"><script>alert(1)</script>', alt: '" onerror="alert(1)', image: '/m.png' });
  expect(html).not.toContain('<script');
  expect(html).toContain('alt="&quot; onerror=&quot;alert(1)"');
  for (const image of ['javascript:alert(1)', 'https://maps.googleapis.com/maps/api/staticmap?center=x']) {
    expect(refusedFields('map', { image }), image).toHaveProperty(['layout.sections.0.blocks.0.props.image']);
  }
  expect(refusedFields('map', { lat: 91 })).toBeDefined();
  expect(refusedFields('map', { provider: 'bing' })).toBeDefined();
});
