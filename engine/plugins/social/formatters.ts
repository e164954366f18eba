/** Social formatters: comments, likes, share and follow buttons, tweets and calendar links. */
import { asNumber, asString, getKey } from '../../values.js';
import type { FormatterTable } from '../../plugin-contract.js';
import { googleCalendarUrl } from './calendar-url.js';
import { commentCountText, commentLinkData, commentsData, likeButtonData } from './comments.js';
import { socialButton, twitterFollowButton } from './share-buttons.js';
import { COMMENT_LINK_TEMPLATE, COMMENTS_TEMPLATE, LIKE_BUTTON_TEMPLATE } from './templates/index.js';
import { activateTwitterLinks } from './twitter-links.js';

export const SOCIAL_FORMATTERS: FormatterTable = {
  'activate-twitter-links': (value) => activateTwitterLinks(asString(value)),
  'comment-count': (value) => commentCountText(asNumber(getKey(value, 'publicCommentCount'))),
  'comment-link': (value, _args, ctx) => ctx.renderTemplate(COMMENT_LINK_TEMPLATE, commentLinkData(value, ctx)),
  comments: (value, _args, ctx) => ctx.renderTemplate(COMMENTS_TEMPLATE, commentsData(value, ctx)),
  'google-calendar-url': (value) => googleCalendarUrl(value),
  'like-button': (value, _args, ctx) => ctx.renderTemplate(LIKE_BUTTON_TEMPLATE, likeButtonData(value, ctx)),
  'social-button': (value, _args, ctx) => socialButton(ctx.resolve('website'), value, false),
  'social-button-inline': (value, _args, ctx) => socialButton(ctx.resolve('website'), value, true),
  'twitter-follow-button': (value) => twitterFollowButton(value),
};
