/** Links in tweet text: URLs, @mentions and #hashtags become anchors. */
import { escapeHtml } from '../../escape.js';

const URL_RE = /(\bhttps?:\/\/[-A-Z0-9+&@#/%?=~_|!:,.;]*[-A-Z0-9+&@#/%=~_|])/gi;
const MENTION_RE = /(^| )@([a-z0-9_]+)/gi;
const HASHTAG_RE = /(^| )#([a-z0-9_]+)/gi;

/**
 * Escape the text, then link http(s) URLs (no other scheme becomes a link), `@user` (profile) and `#tag` (hashtag search).
 * Mentions and hashtags count only at the start or after a space.
 *
 * @example activateTwitterLinks('hi @Foo') // 'hi <a target="new" href="https://twitter.com/Foo/">@Foo</a>'
 */
export function activateTwitterLinks(text: string): string {
  return escapeHtml(text)
    .replace(URL_RE, '<a target="new" href="$1">$1</a>')
    .replace(MENTION_RE, '$1<a target="new" href="https://twitter.com/$2/">@$2</a>')
    .replace(HASHTAG_RE, '$1<a target="new" href="https://twitter.com/hashtag/$2?src=hash">#$2</a>');
}
