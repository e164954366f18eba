import { z } from 'zod';
import { defineBlock } from '../define.js';
import { sitePathProp } from '../site-path.js';

/** audio.html */
export const AUDIO_PARTIAL = "<figure class=\"block-audio\">{.section props.title}<figcaption><span class=\"block-audio-title\">{@|html}</span>{.if props.artist} <span class=\"block-audio-artist\">{props.artist|html}</span>{.end}</figcaption>{.end}{.section view.src}<audio controls preload=\"none\" src=\"{@|htmlattr}\"></audio>{.or}<p class=\"block-audio-empty\">No audio file yet</p>{.end}</figure>\n";

/** An audio file of the site's own with the browser's player (`preload="none"`: nothing loads before play). */
export const audioBlock = defineBlock({
  name: 'audio',
  code: 41,
  group: 'BASIC',
  props: z.strictObject({
    src: sitePathProp.default(''),
    title: z.string().max(200).default(''),
    artist: z.string().max(200).default(''),
  }),
  partial: AUDIO_PARTIAL,
  view: (props) => ({ src: props.src || undefined }),
});
