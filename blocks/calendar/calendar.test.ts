import { expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { calendarBlock } from './index.js';

const html = (props: Record<string, unknown>, data: unknown) => render(calendarBlock.partial, { props: calendarBlock.props.parse(props), data }, { timeZone: 'UTC' }).output;

it('lists events with their dates and places', () => {
  const events = [{ title: 'Open <studio>', fullUrl: '/events/open', startDate: Date.UTC(2026, 11, 5), location: { addressLine1: '41 Mill Street' } }];
  const out = html({ title: 'Events' }, { events });
  expect(out).toContain('<time datetime="2026-12-05">December  5, 2026</time> <a href="/events/open">Open &lt;studio&gt;</a> <span class="calendar-event-location">41 Mill Street</span>');
});

it('shows the empty state when there are none', () => {
  expect(html({}, { events: [] })).toContain('<p class="calendar-empty">No upcoming events.</p>');
  expect(html({ show: 'past' }, undefined)).toContain('<p class="calendar-empty">No past events.</p>');
  expect(calendarBlock.props.safeParse({ show: 'soon' }).success).toBe(false);
});
