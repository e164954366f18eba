import { z } from 'zod';
import { defineBlock } from '../define.js';

/** marquee.html */
export const MARQUEE_PARTIAL = "<div class=\"block-marquee block-marquee-{props.preset|htmlattr}\" style=\"--marquee-duration: {view.duration}s; --marquee-size: {props.textSize}rem\"><p class=\"sr-only\">{props.text|html}</p><div class=\"block-marquee-track\" aria-hidden=\"true\">{.repeated section view.halves}<span class=\"block-marquee-half\">{.repeated section @}<span class=\"block-marquee-unit\">{.section chars}{.repeated section @}<span class=\"block-marquee-char\" style=\"--y: {y}em\">{ch|html}</span>{.end}{.or}{text|html}{.end}</span>{.end}</span>{.end}</div></div>\n";

/** SPEC §9 marquee presets: speed 0.5, wave frequency 4, wave intensity 0 (straight line) or 60 (mild wave), text 4rem. */
const WAVE_FREQUENCY = 4;
const WAVE_INTENSITY = { 'straight-line': 0, 'mild-wave': 60 } as const;
// Our reading of the preset numbers: an intensity of 100 lifts a letter by half its size,
// and a speed of 1 moves the text by 3.3 characters a second.
const EM_PER_INTENSITY = 0.005;
const SECONDS_PER_CHARACTER = 0.3;
// Each half of the track holds the text this many characters long at least (wider than a
// desktop window at 4rem), so the loop never shows a gap.
const MIN_HALF_CHARACTERS = 40;

/**
 * Text that runs across the section in a loop, in CSS only: two equal halves of the text
 * repeated, the track moving by one half. The mild wave sets each letter on a sine curve
 * (offsets computed here, so the page needs no script). Screen readers get the text once;
 * visitors who prefer reduced motion see it still.
 */
export const marqueeBlock = defineBlock({
  name: 'marquee',
  code: 70,
  group: 'BASIC',
  props: z.strictObject({
    text: z.string().min(1).max(200).default('Made by hand in small batches'),
    preset: z.enum(['straight-line', 'mild-wave']).default('straight-line'),
    speed: z.number().min(0.1).max(5).default(0.5),
    textSize: z.number().min(1).max(8).default(4),
  }),
  partial: MARQUEE_PARTIAL,
  view: (props) => {
    const unit = `${props.text} · `;
    const repeats = Math.max(1, Math.ceil(MIN_HALF_CHARACTERS / [...unit].length));
    const intensity = WAVE_INTENSITY[props.preset];
    // The wave runs WAVE_FREQUENCY whole periods along each half, so the loop's seam matches.
    const letters = [...unit.repeat(repeats)];
    const half = intensity
      ? [{ chars: letters.map((ch, i) => ({ ch, y: Math.round(intensity * EM_PER_INTENSITY * Math.sin((2 * Math.PI * WAVE_FREQUENCY * i) / letters.length) * 1000) / 1000 })) }]
      : Array.from({ length: repeats }, () => ({ text: unit }));
    return { halves: [half, half], duration: Math.round((letters.length * SECONDS_PER_CHARACTER) / props.speed) };
  },
});
