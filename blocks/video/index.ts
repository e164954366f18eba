import { z } from 'zod';
import { defineBlock } from '../define.js';
import { sitePathProp } from '../site-path.js';
import { providerVideo } from './video-url.js';

/** video.html */
export const VIDEO_PARTIAL = "<figure class=\"block-video\">{.section view.video}<a class=\"block-video-facade\" href=\"{watchUrl|htmlattr}\" target=\"_blank\" rel=\"noopener noreferrer\">{.section poster}<img src=\"{@|htmlattr}\" alt=\"\" loading=\"lazy\">{.end}<span class=\"block-video-play\" aria-hidden=\"true\"></span><span class=\"block-video-label\">{label|html} <span class=\"block-video-provider\">on {provider|html}</span></span></a>{.or}<div class=\"block-video-facade block-video-empty\"><span class=\"block-video-label\">No video yet</span></div>{.end}{.section props.caption}<figcaption>{@|html}</figcaption>{.end}</figure>\n";

/**
 * A YouTube or Vimeo video as a facade: the poster (an image of the site's own, or a drawn
 * frame) and a play button that opens the video on the provider's page. Nothing of the
 * provider loads until the visitor plays it: no script, no iframe, no thumbnail request
 * (the site's Content-Security-Policy keeps frames to its own origin, so the video plays
 * on the provider's page, in a new tab, rather than in an inline player).
 */
export const videoBlock = defineBlock({
  name: 'video',
  code: 32,
  group: 'BASIC',
  props: z.strictObject({
    url: z
      .string()
      .max(2083)
      .refine((url) => url === '' || providerVideo(url) !== undefined, { message: 'Use a YouTube or Vimeo video link.' })
      .default(''),
    title: z.string().max(200).default(''),
    caption: z.string().max(2000).default(''),
    poster: sitePathProp.default(''),
  }),
  partial: VIDEO_PARTIAL,
  view: (props) => {
    const video = props.url ? providerVideo(props.url) : undefined;
    const poster = props.poster || undefined;
    return { video: video && { ...video, poster, label: props.title || 'Play the video' } };
  },
});
