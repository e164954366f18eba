import MarkdownIt from 'markdown-it';
import { safeHref } from '../safe-url.js';

/**
 * CommonMark with GitHub tables and strikethrough, raw HTML off: `<script>` in the source is
 * text. Links and images keep only targets safeHref allows (http, https, mailto, tel,
 * relative); any other link stays as its text. Built once per isolate.
 */
const markdown = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
markdown.validateLink = (url) => safeHref(url) !== undefined;

const renderToken = markdown.renderer.renderToken.bind(markdown.renderer);
markdown.renderer.rules.link_open = (tokens, index, options) => {
  tokens[index]!.attrSet('rel', 'noopener noreferrer nofollow');
  return renderToken(tokens, index, options);
};
const renderImage = markdown.renderer.rules.image!;
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  tokens[index]!.attrSet('loading', 'lazy');
  return renderImage(tokens, index, options, env, self);
};

/** The markdown `source` as HTML through the allow-list above. */
export function markdownHtml(source: string): string {
  return markdown.render(source);
}
