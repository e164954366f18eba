import type { CellContext, ColumnDef, ColumnHelper } from '@tanstack/table-core';
import type { ReactNode } from 'react';
import { formatMoney, formatTime } from '../format.js';

/** The keys of `Row` whose values are `Value` (e.g. the time stamps of a row). */
type KeysOf<Row, Value> = { [K in keyof Row]-?: Row[K] extends Value ? K : never }[keyof Row] & string;

interface ValueColumn {
  header: string;
  /** True when the server sorts by this column (its id is the key). Default false. */
  sortable?: boolean;
  /** Shown when the row has no value. */
  empty?: string;
}

/** A column of one number-or-null field of the row, drawn as text by `show`. */
function numberColumn<Row>(helper: ColumnHelper<Row>, key: KeysOf<Row, number | null>, header: string, sortable: boolean, show: (value: number | null, row: Row) => string): ColumnDef<Row, any> {
  return helper.accessor((row: Row) => row[key] as number | null, { id: key, header, enableSorting: sortable, cell: (c) => show(c.getValue(), c.row.original) });
}

/**
 * A moment of the row in the site's time zone (`formatTime`); `empty` (default '—') when
 * it has none.
 *
 * @example timeColumn(column, 'createdOn', { header: 'Received', timeZone })
 */
export function timeColumn<Row>(helper: ColumnHelper<Row>, key: KeysOf<Row, number | null>, { header, timeZone, sortable = false, empty = '—' }: ValueColumn & { timeZone: string }): ColumnDef<Row, any> {
  return numberColumn(helper, key, header, sortable, (ms) => (ms ? formatTime(ms, timeZone) : empty));
}

/**
 * An amount of the row in minor units, in the site's currency (a string) or the row's own
 * (a function of the row); `empty` (default '—') when it is null (zero is an amount).
 *
 * @example moneyColumn(column, 'grandTotalCents', { header: 'Total', currency: (order) => order.currency, sortable: true })
 */
export function moneyColumn<Row>(
  helper: ColumnHelper<Row>,
  key: KeysOf<Row, number | null>,
  { header, currency, sortable = false, empty = '—' }: ValueColumn & { currency: string | ((row: Row) => string) },
): ColumnDef<Row, any> {
  return numberColumn(helper, key, header, sortable, (minor, row) => (minor === null ? empty : formatMoney(minor, typeof currency === 'string' ? currency : currency(row))));
}

/**
 * The row's buttons: a column named 'Actions' that cannot be hidden or sorted.
 *
 * @example actionsColumn(column, (c) => <Button onClick={() => open(c.row.original)}>Edit</Button>)
 */
export function actionsColumn<Row>(helper: ColumnHelper<Row>, cell: (c: CellContext<Row, unknown>) => ReactNode): ColumnDef<Row, any> {
  return helper.display({ id: 'actions', header: 'Actions', enableHiding: false, cell });
}
