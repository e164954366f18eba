import { createColumnHelper, createTable, getCoreRowModel, type ColumnDef } from '@tanstack/table-core';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatTime } from '../format.js';
import { actionsColumn, moneyColumn, timeColumn } from './columns.js';
import { renderTemplate } from './use-table.js';

interface Order {
  id: string;
  createdOn: number;
  sentOn: number | null;
  totalCents: number;
  refundCents: number | null;
  currency: string;
}

const column = createColumnHelper<Order>();
const ORDERS: Order[] = [
  { id: 'a', createdOn: Date.UTC(2026, 10, 27, 17, 5), sentOn: null, totalCents: 7800, refundCents: null, currency: 'USD' },
  { id: 'b', createdOn: Date.UTC(2026, 0, 2, 9, 30), sentOn: Date.UTC(2026, 0, 3, 10, 0), totalCents: 7800, refundCents: 0, currency: 'JPY' },
];

/** The text of every cell, row by row, and each column's id and sortability, as the data table draws them. */
function draw(columns: ColumnDef<Order, any>[]) {
  const table = createTable<Order>({ data: ORDERS, columns, getRowId: (o) => o.id, getCoreRowModel: getCoreRowModel(), state: {}, onStateChange: () => {}, renderFallbackValue: null, manualSorting: true });
  return {
    columns: table.getAllLeafColumns().map((c) => ({ id: c.id, header: c.columnDef.header, sortable: c.getCanSort(), hideable: c.getCanHide() })),
    cells: table.getRowModel().rows.map((r) => r.getAllCells().map((cell) => renderTemplate(cell.column.columnDef.cell as (c: unknown) => unknown, cell.getContext()))),
  };
}

describe('the data table column factories', () => {
  it('formats moments in the site time zone, with the empty text for none, sorting only when asked', () => {
    const drawn = draw([timeColumn(column, 'createdOn', { header: 'Date', timeZone: 'Asia/Tokyo', sortable: true }), timeColumn(column, 'sentOn', { header: 'Sent', timeZone: 'Asia/Tokyo', empty: 'Not yet' })]);
    expect(drawn.columns).toEqual([
      { id: 'createdOn', header: 'Date', sortable: true, hideable: true },
      { id: 'sentOn', header: 'Sent', sortable: false, hideable: true },
    ]);
    expect(drawn.cells).toEqual([
      [formatTime(ORDERS[0]!.createdOn, 'Asia/Tokyo'), 'Not yet'],
      [formatTime(ORDERS[1]!.createdOn, 'Asia/Tokyo'), formatTime(ORDERS[1]!.sentOn!, 'Asia/Tokyo')],
    ]);
    expect(drawn.cells[0]![0]).toBe('Nov 28, 2026, 2:05 AM');
  });

  it("formats minor units in the row's or the site's currency; zero is an amount, null the empty text", () => {
    const drawn = draw([
      moneyColumn(column, 'totalCents', { header: 'Total', currency: (o) => o.currency, sortable: true }),
      moneyColumn(column, 'refundCents', { header: 'Refund', currency: 'EUR', empty: 'None' }),
    ]);
    expect(drawn.columns.map((c) => [c.id, c.sortable])).toEqual([
      ['totalCents', true],
      ['refundCents', false],
    ]);
    expect(drawn.cells).toEqual([
      ['$78.00', 'None'],
      ['¥7,800', formatMoney(0, 'EUR')],
    ]);
  });

  it('draws the row actions in a column that cannot be hidden or sorted', () => {
    const drawn = draw([actionsColumn(column, (c) => `Edit ${c.row.original.id}`)]);
    expect(drawn.columns).toEqual([{ id: 'actions', header: 'Actions', sortable: false, hideable: false }]);
    expect(drawn.cells).toEqual([['Edit a'], ['Edit b']]);
  });
});
