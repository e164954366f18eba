import { z } from 'zod';
import { defineBlock } from '../define.js';

/** calendar.html */
export const CALENDAR_PARTIAL = "<div class=\"block-calendar\">\n  {.section props.title}<h2 class=\"block-calendar-title\">{@|html}</h2>{.end}\n  {.section data.events}<ol class=\"calendar-events\">{.repeated section @}\n    <li class=\"calendar-event\"><time datetime=\"{startDate|date %Y-%m-%d}\">{startDate|date %B %e, %Y}</time> <a href=\"{fullUrl|htmlattr}\">{title|html}</a>{.section location} <span class=\"calendar-event-location\">{addressLine1|html}</span>{.end}</li>{.end}\n  </ol>{.or}<p class=\"calendar-empty\">{.equal? props.show \"past\"}No past events.{.or}No upcoming events.{.end}</p>{.end}\n</div>\n";

/**
 * The events of a collection (SPEC §3 event fields: startDate, endDate, title, location),
 * upcoming or past, as a dated list; its server loader (loader.ts) reads them.
 */
export const calendarBlock = defineBlock({
  name: 'calendar',
  code: 26,
  group: 'SUMMARY',
  props: z.strictObject({
    collection: z.string().regex(/^[a-z0-9-]{0,100}$/, 'Use a collection\'s URL: lowercase letters, digits and hyphens.').default(''),
    title: z.string().max(200).default(''),
    // SPEC §3 showPastOrUpcomingEvents.
    show: z.enum(['upcoming', 'past']).default('upcoming'),
    limit: z.number().int().min(1).max(30).default(10),
  }),
  partial: CALENDAR_PARTIAL,
});
