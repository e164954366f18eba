import { z } from 'zod';
import { defineBlock } from '../define.js';

/** audio.html */
export const AUDIO_PARTIAL = "<figure class=\"block-audio\">{.section props.title}<figcaption><span class=\"block-audio-title\">{@|html}</span>{.if props.artist} <span class=\"block-audio-artist\">{props.artist|html}</span>{.end}</figcaption>{.end}{.section view.src}<audio controls preload=\"none\" src=\"{@|htmlattr}\"></audio>{.or}<p class=\"block-audio-empty\">No audio file yet</p>{.end}</figure>\n";

// The site's Content-Security-Policy plays media from its own origin only: an uploaded asset's path.
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_PATH = /[\u0000-\u0020\u007f\\]/;
const sitePath = z
  .string()
  .max(2083)
  .refine((path) => path === '' || (/^\/(?!\/)/.test(path) && !UNSAFE_IN_PATH.test(path)), { message: 'Use an audio file uploaded to this site (a path such as /assets/...).' });

/** An audio file of the site's own with the browser's player (`preload="none"`: nothing loads before play). */
export const audioBlock = defineBlock({
  name: 'audio',
  code: 41,
  group: 'BASIC',
  props: z.strictObject({
    src: sitePath.default(''),
    title: z.string().max(200).default(''),
    artist: z.string().max(200).default(''),
  }),
  partial: AUDIO_PARTIAL,
  view: (props) => ({ src: props.src || undefined }),
});
