import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';
import { commentCountText } from './comments.js';

const out = (template: string, data: unknown) => render(template, data).output.trim();

describe('comment counts (SPEC §5)', () => {
  it('reads No Comments, 1 Comment, N Comments', () => {
    expect([0, 1, 2, 10].map(commentCountText)).toEqual(['No Comments', '1 Comment', '2 Comments', '10 Comments']);
    expect(out('{@|comment-count}', {})).toBe('No Comments');
  });
});

describe('comment and like markup', () => {
  it('comment-link escapes the URL and id', () => {
    const html = out('{item|comment-link}', { item: { id: '"i', fullUrl: '/a?b&c', publicCommentCount: 2 } });
    expect(html).toContain('href="/a?b&amp;c#comments-&quot;i"');
    expect(html).toContain('Comments');
  });

  it('comments names the collection when there is no item', () => {
    expect(out('{collection|comments}', { collection: { id: 'c', publicCommentCount: 3, commentState: 2 } })).toBe(
      '<div class="squarespace-comments" id="comments-c" data-collection-id="c" data-public-comment-count="3" data-comment-state="2"></div>',
    );
  });

  it('like-button shows only with simple liking enabled', () => {
    expect(out('{item|like-button}', { item: { id: 'i', likeCount: 1 } })).toBe('');
    expect(out('{item|like-button}', { websiteSettings: { simpleLikingEnabled: true }, item: { id: 'i', likeCount: 1 } })).toContain(
      'data-like-count="1"',
    );
  });
});

describe('share and follow buttons', () => {
  it('social-button is empty without share options and escapes the title', () => {
    expect(out('{@|social-button}', { title: 'x' })).toBe('');
    expect(out('{@|social-button}', { website: { shareButtonOptions: { a: 1 } }, title: '"t"', systemDataId: 's' })).toBe(
      '<div class="squarespace-social-buttons button-style" data-system-data-id="s" data-asset-url="" data-record-type="" data-full-url="" data-title="&quot;t&quot;"></div>',
    );
  });

  it('twitter-follow-button falls back to the profile URL and escapes the name', () => {
    expect(out('{@|twitter-follow-button}', { profileUrl: 'https://twitter.com/a"b' })).toContain('data-username="a&quot;b"');
  });
});

describe('social predicates', () => {
  const test = (p: string, data: unknown) => render(`{.${p}}y{.or}n{.end}`, data).output;
  it('comments? follows SPEC §4', () => {
    expect(test('comments?', { commentState: 1 })).toBe('y');
    expect(test('comments?', { publicCommentCount: 2 })).toBe('y');
    expect(test('comments?', { commentState: 1, websiteSettings: { commentsEnabled: false } })).toBe('n');
    expect(test('comments?', { commentState: 0 })).toBe('n');
  });

  it('disqus? needs a short name', () => {
    expect(test('disqus?', { websiteSettings: { disqusShortName: 'a' } })).toBe('y');
    expect(test('disqus?', { websiteSettings: {} })).toBe('n');
  });
});
