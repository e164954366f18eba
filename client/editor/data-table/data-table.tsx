import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { getCoreRowModel, type ColumnDef, type RowSelectionState, type SortingState, type VisibilityState } from '@tanstack/table-core';
import { OwnerApiError, TEXT } from '../api.js';
import { Button } from '../ui/button.js';
import { Checkbox, SelectField, Switch, TextField } from '../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../ui/states.js';
import { renderTemplate, useTable } from './use-table.js';

/** What the table asks the server for: one page after `cursor` (null: the first page). */
export interface PageRequest {
  /** At most one column: `{ id, desc }`, or none (the server's default order). */
  sort: SortingState;
  search: string;
  cursor: string | null;
  pageSize: number;
}

/** One page from the server and the cursor of the next (null on the last page). */
export interface PageAnswer<Row> {
  rows: Row[];
  next: string | null;
}

export interface BulkAction<Row> {
  label: string;
  run: (rows: Row[]) => Promise<void>;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (its caption). */
  label: string;
  columns: ColumnDef<Row, any>[];
  getRowId: (row: Row) => string;
  fetchPage: (request: PageRequest) => Promise<PageAnswer<Row>>;
  /** Changes when the screen's own filters change: paging starts again. */
  filterKey?: string;
  searchLabel?: string;
  emptyTitle: string;
  bulkActions?: BulkAction<Row>[];
  pageSizes?: readonly number[];
  /** Extra controls beside the search (status filters). */
  toolbar?: ReactNode;
  /** False when the server cannot search this list: no search box. */
  searchable?: boolean;
}

type Load<Row> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; page: PageAnswer<Row> };

/**
 * The owner app's one data table, on TanStack Table (table-core) with every model on the server: sort
 * (unsorted, ascending, descending; one column), search, cursor paging ('Page N', 'Previous
 * page', 'Next page', 'Rows per page'), row selection with bulk actions, column visibility.
 */
export function DataTable<Row>({
  label, columns, getRowId, fetchPage, filterKey = '', searchLabel = 'Search', emptyTitle, bulkActions = [], pageSizes = [10, 25, 50], toolbar, searchable = true,
}: DataTableProps<Row>) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(pageSizes[1] ?? pageSizes[0] ?? 25);
  // cursors[i] opens page i + 1; page 1 opens with null.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [pageIndex, setPageIndex] = useState(0);
  const [reload, setReload] = useState(0);
  const [load, setLoad] = useState<Load<Row>>({ state: 'loading' });
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [visibility, setVisibility] = useState<VisibilityState>({});
  const [showColumns, setShowColumns] = useState(false);
  const [busy, setBusy] = useState(false);
  const [bulkError, setBulkError] = useState('');

  const cursor = cursors[pageIndex] ?? null;
  const sortKey = JSON.stringify(sorting);
  // A new sort, search, filter or page size starts again at page 1.
  useEffect(() => {
    setCursors([null]);
    setPageIndex(0);
  }, [sortKey, search, filterKey, pageSize]);

  useEffect(() => {
    let live = true;
    setLoad((old) => (old.state === 'ready' ? old : { state: 'loading' }));
    setSelection({});
    fetchPage({ sort: sorting, search, cursor, pageSize }).then(
      (page) => {
        if (!live) return;
        setLoad({ state: 'ready', page });
        setCursors((list) => {
          const copy = list.slice(0, pageIndex + 1);
          copy[pageIndex + 1] = page.next;
          return copy;
        });
      },
      (error: unknown) => live && setLoad({ state: 'error', message: error instanceof OwnerApiError && error.status === 0 ? TEXT.network : TEXT.loadResults }),
    );
    return () => {
      live = false;
    };
    // fetchPage is the screen's; the inputs that change the page are listed.
  }, [sortKey, search, cursor, pageSize, pageIndex, filterKey, reload]);

  const rows = load.state === 'ready' ? load.page.rows : [];
  const selectColumn = useMemo<ColumnDef<Row, unknown>>(
    () => ({
      id: 'select',
      enableSorting: false,
      enableHiding: false,
      header: ({ table }) => (
        <Checkbox label="Select all rows" hideLabel checked={table.getIsAllRowsSelected()} indeterminate={table.getIsSomeRowsSelected()} onChange={table.getToggleAllRowsSelectedHandler()} />
      ),
      cell: ({ row }) => <Checkbox label={`Select row ${row.id}`} hideLabel checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />,
    }),
    [],
  );
  const table = useTable<Row>({
    data: rows,
    columns: bulkActions.length > 0 ? [selectColumn, ...columns] : columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    enableMultiSort: false,
    sortDescFirst: false,
    state: { sorting, rowSelection: selection, columnVisibility: visibility },
    onSortingChange: setSorting,
    onRowSelectionChange: setSelection,
    onColumnVisibilityChange: setVisibility,
    enableRowSelection: true,
  });

  const selected = table.getSelectedRowModel().rows.map((r) => r.original);
  const runBulk = async (action: BulkAction<Row>) => {
    setBusy(true);
    setBulkError('');
    try {
      await action.run(selected);
      setReload((n) => n + 1);
    } catch (error) {
      setBulkError(error instanceof OwnerApiError ? error.message : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setSearch(typed.trim());
  };
  const next = load.state === 'ready' ? load.page.next : null;
  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide());

  return (
    <div className="dt" data-table={label}>
      <div className="dt-toolbar">
        {searchable ? (
          <form role="search" onSubmit={submitSearch} className="dt-search">
            <TextField label={searchLabel} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={200} />
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </form>
        ) : null}
        {toolbar}
        <div className="dt-columns">
          <Button variant="secondary" aria-expanded={showColumns} onClick={() => setShowColumns((v) => !v)}>
            Columns
          </Button>
          {showColumns ? (
            <fieldset>
              <legend>Visible columns</legend>
              {hideable.map((c) => (
                <Switch key={c.id} checked={c.getIsVisible()} onChange={(on) => c.toggleVisibility(on)}>
                  {String(c.columnDef.header)}
                </Switch>
              ))}
            </fieldset>
          ) : null}
        </div>
      </div>
      {selected.length > 0 && bulkActions.length > 0 ? (
        <div className="dt-bulk" role="region" aria-label="Bulk actions">
          <span>{selected.length} selected</span>
          {bulkActions.map((a) => (
            <Button key={a.label} variant="secondary" busy={busy} onClick={() => void runBulk(a)}>
              {a.label}
            </Button>
          ))}
          {bulkError ? <span role="alert">{bulkError}</span> : null}
        </div>
      ) : null}
      {load.state === 'loading' ? <Skeleton label={`Loading ${label}`} /> : null}
      {load.state === 'error' ? <ErrorPanel message={load.message} onRetry={() => setReload((n) => n + 1)} /> : null}
      {load.state === 'ready' && rows.length === 0 ? <EmptyState title={emptyTitle} /> : null}
      {load.state === 'ready' && rows.length > 0 ? (
        <div className="dt-scroll">
          <table className="dt-table">
            <caption className="owner-skip">{label}</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const dir = header.column.getIsSorted();
                    return (
                      <th key={header.id} scope="col" aria-sort={header.column.getCanSort() ? (dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none') : undefined}>
                        {header.isPlaceholder ? null : header.column.getCanSort() ? (
                          <button type="button" className="dt-sort" onClick={header.column.getToggleSortingHandler()}>
                            {renderTemplate(header.column.columnDef.header, header.getContext())}
                            <span aria-hidden="true">{dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}</span>
                          </button>
                        ) : (
                          renderTemplate(header.column.columnDef.header, header.getContext())
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} data-row={row.id} aria-selected={row.getIsSelected() || undefined}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{renderTemplate(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pageSizes.length === 1 && pageIndex === 0 && !next ? null : (
      <nav className="dt-pager" aria-label={`${label} pages`}>
        <SelectField
          label="Rows per page"
          value={String(pageSize)}
          onChange={(e) => setPageSize(Number(e.target.value))}
          options={pageSizes.map((n) => ({ value: String(n), label: String(n) }))}
        />
        <Button variant="secondary" disabled={pageIndex === 0} onClick={() => setPageIndex((i) => i - 1)}>
          Previous page
        </Button>
        <span aria-live="polite" data-page={pageIndex + 1}>{`Page ${pageIndex + 1}`}</span>
        <Button variant="secondary" disabled={!next} onClick={() => setPageIndex((i) => i + 1)}>
          Next page
        </Button>
      </nav>
      )}
    </div>
  );
}
