import type { BlockLoadContext } from '../../edge/services/block-loads.js';
import { query } from '../../edge/services/db.js';
import { summaryItemsQuery, type ItemRecord } from '../../edge/services/items.js';
import { defineLoader } from '../define.js';
import { calendarBlock } from './index.js';

// How many of a collection's items one block looks through for its events.
const SCAN = 100;

/** An item as an event: its start and end (`structuredContent`, else its publish date) and location. */
function eventJson(item: ItemRecord) {
  const content = (item.structuredContent ?? {}) as Record<string, unknown>;
  const startDate = typeof content.startDate === 'number' ? content.startDate : (item.publishOn ?? item.addedOn);
  const endDate = typeof content.endDate === 'number' ? content.endDate : startDate;
  const location = content.location && typeof content.location === 'object' ? content.location : undefined;
  return { id: item.id, title: item.title, fullUrl: item.fullUrl, startDate, endDate, ...(location ? { location } : {}) };
}

/** Every calendar block of a page in one batched round trip; upcoming events soonest first, past ones latest first. */
export const calendarLoader = defineLoader(calendarBlock, async (blocks, ctx: BlockLoadContext) => {
  const { db, site, now } = ctx;
  const queries = blocks.map((props) => summaryItemsQuery(db, site.id, { collection: props.collection, sort: 'collection', limit: SCAN }, now));
  const [first, ...rest] = queries;
  const results = first ? await query(() => db.batch([first, ...rest])) : [];
  return blocks.map((props, i) => {
    const events = (results[i] ?? []).map(eventJson);
    const chosen = props.show === 'past' ? events.filter((e) => e.endDate < now).sort((a, b) => b.startDate - a.startDate) : events.filter((e) => e.endDate >= now).sort((a, b) => a.startDate - b.startDate);
    return { events: chosen.slice(0, props.limit) };
  });
});
