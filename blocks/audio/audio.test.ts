import { expect, it } from 'vitest';
import { refusedFields, renderBlock } from '../test-render.js';

it('plays a file of the site with the browser\'s player, loading nothing before play', () => {
  expect(renderBlock('audio', { src: '/assets/wheel.mp3', title: 'Wheel <song>', artist: 'Fern & Kiln' })).toBe(
    '<figure class="block-audio"><figcaption><span class="block-audio-title">Wheel &lt;song&gt;</span> <span class="block-audio-artist">Fern &amp; Kiln</span></figcaption><audio controls preload="none" src="/assets/wheel.mp3"></audio></figure>\n',
  );
  expect(renderBlock('audio')).toBe('<figure class="block-audio"><p class="block-audio-empty">No audio file yet</p></figure>\n');
});

it('takes only a path on this site as the file', () => {
  for (const src of ['javascript:alert(1)', 'https://cdn.example/a.mp3', '//cdn.example/a.mp3', 'data:audio/mp3,x', '/a b.mp3', '/\\evil.example/a.mp3', 'assets/a.mp3']) {
    expect(refusedFields('audio', { src }), src).toHaveProperty(['layout.sections.0.blocks.0.props.src']);
  }
});
