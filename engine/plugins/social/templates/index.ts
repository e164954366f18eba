/**
 * The .html templates of this folder as strings, so they load in Workers
 * (no fs at run time). Generated from the .html files, which stay the source;
 * templates.test.ts fails when the two differ.
 */

/** comment-link.html */
export const COMMENT_LINK_TEMPLATE = "{.if disqusShortname}\n  <a href=\"{fullUrl|htmlattr}\" class=\"sqs-comment-link sqs-disqus-comment-link\" data-id=\"{id|htmlattr}\"></a>\n{.or}\n  <a href=\"{fullUrl|htmlattr}#comments-{id|htmlattr}\" class=\"sqs-comment-link\" data-id=\"{id|htmlattr}\">\n  {count|html}\n  Comment{.if plural}s{.end}\n  </a>\n{.end}\n";

/** comments.html */
export const COMMENTS_TEMPLATE = "{.if disqusShortname}\n  <div class=\"squarespace-comments\" id=\"disqus_thread\"></div>\n{.or}\n  <div class=\"squarespace-comments\" id=\"comments-{id|htmlattr}\"{.if owner} data-{owner.kind}-id=\"{owner.id|htmlattr}\" data-public-comment-count=\"{owner.publicCommentCount|htmlattr}\" data-comment-state=\"{owner.commentState|htmlattr}\"{.end}></div>\n{.end}\n";

/** like-button.html */
export const LIKE_BUTTON_TEMPLATE = "{.if enabled}\n  <span class=\"sqs-simple-like\" data-item-id=\"{id|htmlattr}\" data-like-count=\"{likeCount|htmlattr}\">\n    <span class=\"like-icon\"></span>\n    <span class=\"like-count\"></span>\n  </span>\n{.end}\n";
