import { describe, expect, it } from 'vitest';
import { refusedFields, renderBlock } from '../test-render.js';
import { providerVideo } from './video-url.js';

describe('providerVideo', () => {
  it('knows YouTube and Vimeo links in their usual shapes', () => {
    const youtube = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    for (const link of ['https://youtu.be/dQw4w9WgXcQ', youtube, 'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ']) {
      expect(providerVideo(link), link).toEqual({ provider: 'YouTube', id: 'dQw4w9WgXcQ', watchUrl: youtube });
    }
    for (const link of ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871', 'https://vimeo.com/channels/staffpicks/76979871']) {
      expect(providerVideo(link), link).toEqual({ provider: 'Vimeo', id: '76979871', watchUrl: 'https://vimeo.com/76979871' });
    }
  });

  it('refuses other hosts, schemes and ids', () => {
    for (const link of ['javascript:alert(1)', 'https://evil.example/watch?v=dQw4w9WgXcQ', 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=short', 'https://www.youtube.com/watch?v=dQw4w9WgXc"', 'ftp://vimeo.com/1', 'https://vimeo.com/about', '/watch?v=dQw4w9WgXcQ']) {
      expect(providerVideo(link), link).toBeUndefined();
    }
  });
});

it('renders a facade linking out to the provider, loading nothing of theirs', () => {
  expect(renderBlock('video', { url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Throwing a <bowl>', caption: 'At the wheel & kiln', poster: '/assets/wheel.jpg' })).toBe(
    '<figure class="block-video"><a class="block-video-facade" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" target="_blank" rel="noopener noreferrer"><img src="/assets/wheel.jpg" alt="" loading="lazy"><span class="block-video-play" aria-hidden="true"></span><span class="block-video-label">Throwing a &lt;bowl&gt; <span class="block-video-provider">on YouTube</span></span></a><figcaption>At the wheel &amp; kiln</figcaption></figure>\n',
  );
  const html = renderBlock('video', { url: 'https://vimeo.com/76979871' });
  expect(html).not.toMatch(/<iframe|<script|<img/);
  expect(html).toContain('Play the video <span class="block-video-provider">on Vimeo</span>');
  expect(renderBlock('video')).toContain('No video yet');
});

it('refuses links that are not YouTube or Vimeo videos, and posters that are not the site\'s own files', () => {
  expect(refusedFields('video', { url: 'javascript:alert(1)' })).toEqual({ 'layout.sections.0.blocks.0.props.url': 'Use a YouTube or Vimeo video link.' });
  expect(refusedFields('video', { url: 'https://example.com/film.mp4' })).toBeDefined();
  for (const poster of ['javascript:alert(1)', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', '//i.ytimg.com/a.jpg']) {
    expect(refusedFields('video', { url: 'https://youtu.be/dQw4w9WgXcQ', poster }), poster).toHaveProperty(['layout.sections.0.blocks.0.props.poster']);
  }
});
