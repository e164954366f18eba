/** Share-button and follow-button placeholders that the page script fills in. */
import { escapeAttr } from '../../escape.js';
import { asString, getKey, walkPath } from '../../values.js';
import { safeUrl } from '../safe-url.js';

/**
 * The share-button placeholder of an item, '' when the site has no share
 * buttons configured (`website.shareButtonOptions` empty or absent).
 *
 * @example socialButton(website, item, true) // '<span class="squarespace-social-buttons inline-style" ...></span>'
 */
export function socialButton(website: unknown, item: unknown, inline: boolean): string {
  const options = getKey(website, 'shareButtonOptions');
  const count = Array.isArray(options) ? options.length : options !== null && typeof options === 'object' ? Object.keys(options).length : 0;
  if (count === 0) return '';

  const imageId = getKey(item, 'systemDataId') ?? getKey(item, 'mainImageId');
  const assetUrl = getKey(item, 'assetUrl') ?? walkPath(item, ['mainImage', 'assetUrl']);
  const tag = inline ? 'span' : 'div';
  const attrs = [
    ['data-system-data-id', imageId],
    ['data-asset-url', safeUrl(asString(assetUrl))],
    ['data-record-type', getKey(item, 'recordType')],
    ['data-full-url', safeUrl(asString(getKey(item, 'fullUrl')))],
    ['data-title', getKey(item, 'title')],
  ]
    .map(([name, value]) => ` ${name}="${escapeAttr(asString(value))}"`)
    .join('');
  return `<${tag} class="squarespace-social-buttons ${inline ? 'inline-style' : 'button-style'}"${attrs}></${tag}>`;
}

const FOLLOW_SCRIPT =
  "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>";

/**
 * The Twitter follow button of a connected account: its `userName`, else the
 * last segment of its `profileUrl`.
 *
 * @example twitterFollowButton({ userName: 'foobar' })
 */
export function twitterFollowButton(account: unknown): string {
  let userName = asString(getKey(account, 'userName'));
  if (userName === '') {
    const parts = asString(getKey(account, 'profileUrl')).split('/');
    userName = parts[parts.length - 1];
  }
  return `${FOLLOW_SCRIPT}<div class="squarespace-follow-button" data-username="${escapeAttr(userName)}"></div>`;
}
