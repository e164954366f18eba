import { expect, it } from 'vitest';
import { refusedFields, renderBlock } from '../test-render.js';

it('runs the text in a loop of two equal halves, said once to screen readers (straight line preset)', () => {
  const html = renderBlock('marquee', { text: 'Kiln <open> today' });
  expect(html).toMatch(/^<div class="block-marquee block-marquee-straight-line" style="--marquee-duration: \d+s; --marquee-size: 4rem"><p class="sr-only">Kiln &lt;open&gt; today<\/p><div class="block-marquee-track" aria-hidden="true">/);
  const unit = '<span class="block-marquee-unit">Kiln &lt;open&gt; today · </span>';
  const half = `<span class="block-marquee-half">${unit.repeat(2)}</span>`;
  expect(html).toContain(`aria-hidden="true">${half}${half}</div></div>`);
});

it('sets letters on a sine wave for the mild wave preset (SPEC §9: frequency 4, intensity 60)', () => {
  const html = renderBlock('marquee', { text: 'Wave', preset: 'mild-wave' });
  const offsets = [...html.matchAll(/--y: (-?[\d.]+)em/g)].map((m) => Number(m[1]));
  // Each half is 42 letters ("Wave · " six times): four whole periods, peaks of 0.3em.
  expect(offsets).toHaveLength(84);
  expect(Math.max(...offsets)).toBeCloseTo(0.3, 2);
  expect(Math.min(...offsets)).toBeCloseTo(-0.3, 2);
  expect(offsets[0]).toBe(0);
  expect(html).toContain('<span class="block-marquee-char" style="--y: 0em">W</span>');
});

it('is faster at a higher speed, and refuses unknown presets and empty text', () => {
  const duration = (speed: number) => Number(/--marquee-duration: (\d+)s/.exec(renderBlock('marquee', { speed }))![1]);
  expect(duration(1)).toBeLessThan(duration(0.5));
  expect(refusedFields('marquee', { preset: 'wild-wave' })).toBeDefined();
  expect(refusedFields('marquee', { text: '' })).toBeDefined();
  expect(renderBlock('marquee', { text: '<script>alert(1)</script>', preset: 'mild-wave' })).not.toContain('<script');
});
