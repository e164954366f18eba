import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { getCoreRowModel, type ColumnDef, type RowSelectionState, type SortingState, type VisibilityState } from '@tanstack/table-core';
import { OwnerApiError, TEXT } from '../api.js';
import { Button } from '../ui/button.js';
import { Checkbox, SelectField, Switch, TextField } from '../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../ui/states.js';
import { SavedViews, viewInAddress, type SavedViewState } from './saved-views.js';
import { renderTemplate, useTable } from './use-table.js';
import { useVirtualRows } from './use-virtual-rows.js';
import './data-table.css';

/** What the table asks the server for: one page after `cursor` (null: the first page). */
export interface PageRequest {
  /** At most one column: `{ id, desc }`, or none (the server's default order). */
  sort: SortingState;
  search: string;
  cursor: string | null;
  pageSize: number;
  /** The values of the table's `filters` (id -> value; an empty value is left out). */
  filters: Record<string, string>;
}

/** A filter the table draws and hands to the screen's loader (the server filters). */
export interface FilterDef {
  id: string;
  label: string;
  /** 'select' with its options (the first is usually "All", value ''), or a 'date' (YYYY-MM-DD). */
  type: 'select' | 'date';
  options?: readonly { value: string; label: string }[];
}

/** Lists longer than this are drawn windowed (only the rows near the view are in the DOM). */
export const VIRTUAL_AFTER = 200;

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
  /** Filters drawn in the toolbar; their values reach `fetchPage` as `filters`. */
  filters?: readonly FilterDef[];
  /** The screen's key for saved views (`/api/owner/views?screen=`); none: no saved views. */
  viewsKey?: string;
  /** The address of a CSV of the whole filtered, sorted set (a server download); none: no export. */
  exportHref?: (request: Omit<PageRequest, 'cursor' | 'pageSize'>) => string;
  /** 'pages' (default): Previous/Next page. 'more': 'Load More' appends the next page (windowed past VIRTUAL_AFTER rows). */
  paging?: 'pages' | 'more';
  /** Extra `data-*` attributes of a row's `<tr>` (tests and styles find rows by them). */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
}

type Load<Row> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; page: PageAnswer<Row> };

/**
 * The owner app's one data table, on TanStack Table (table-core) with every model on the server: sort
 * (unsorted, ascending, descending; one column), search, cursor paging ('Page N', 'Previous
 * page', 'Next page', 'Rows per page'), row selection with bulk actions, column visibility.
 */
export function DataTable<Row>({
  label, columns, getRowId, fetchPage, filterKey = '', searchLabel = 'Search', emptyTitle, bulkActions = [], pageSizes = [10, 25, 50], toolbar, searchable = true,
  filters = [], viewsKey, exportHref, paging = 'pages', rowData,
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
  const [filterValues, setFilterValues] = useState<Record<string, string>>({});
  const scroller = useRef<HTMLDivElement>(null);
  // With a saved view in the address, the first page waits for the view (one request, no flash of the default).
  const [viewReady, setViewReady] = useState(() => !viewsKey || viewInAddress() === '');
  const markViewReady = useCallback(() => setViewReady(true), []);

  const sortKey = JSON.stringify(sorting);
  const activeFilters = useMemo(() => Object.fromEntries(Object.entries(filterValues).filter(([, v]) => v !== '')), [filterValues]);
  const filtersKey = JSON.stringify(activeFilters);
  // A new sort, search, filter or page size starts again at page 1, in this very render (an
  // effect would first let the old page's cursor go out with the new sort, which the server refuses).
  const queryKey = JSON.stringify([sortKey, search, filterKey, filtersKey, pageSize]);
  const [pagedKey, setPagedKey] = useState(queryKey);
  if (pagedKey !== queryKey) {
    setPagedKey(queryKey);
    setCursors([null]);
    setPageIndex(0);
  }
  const cursor = cursors[pageIndex] ?? null;

  useEffect(() => {
    if (!viewReady) return;
    let live = true;
    setLoad((old) => (old.state === 'ready' ? old : { state: 'loading' }));
    setSelection({});
    fetchPage({ sort: sorting, search, cursor, pageSize, filters: activeFilters }).then(
      (page) => {
        if (!live) return;
        // 'Load More' keeps the rows it has and appends the next page.
        setLoad((old) => ({ state: 'ready', page: paging === 'more' && pageIndex > 0 && old.state === 'ready' ? { rows: [...old.page.rows, ...page.rows], next: page.next } : page }));
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
  }, [sortKey, search, cursor, pageSize, pageIndex, filterKey, filtersKey, reload, viewReady]);

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
  const hidden = Object.entries(visibility).filter(([, on]) => !on).map(([id]) => id);
  const currentView: SavedViewState = { sort: sorting, search, filters: activeFilters, hidden, pageSize };
  // Only state setters: stable, so SavedViews may call it from its first render's effect.
  const applyView = useCallback((view: SavedViewState) => {
    setSorting(view.sort);
    setTyped(view.search);
    setSearch(view.search);
    setFilterValues(view.filters);
    setVisibility(Object.fromEntries(view.hidden.map((id) => [id, false])));
    setPageSize(view.pageSize);
  }, []);
  const virtual = useVirtualRows(scroller, paging === 'more' ? rows.length : 0, VIRTUAL_AFTER);
  const tableRows = table.getRowModel().rows;
  const drawn = virtual.items ? virtual.items.map((item) => tableRows[item.index]!) : tableRows;
  const visibleColumns = table.getVisibleLeafColumns().length;
  // Asks the server again; 'Load More' lists start over (appending the same page again would repeat rows).
  const refresh = () => {
    if (paging === 'more') {
      setCursors([null]);
      setPageIndex(0);
    }
    setReload((n) => n + 1);
  };
  const runBulk = async (action: BulkAction<Row>) => {
    setBusy(true);
    setBulkError('');
    try {
      await action.run(selected);
      refresh();
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
        {filters.map((f) =>
          f.type === 'date' ? (
            <TextField key={f.id} label={f.label} type="date" value={filterValues[f.id] ?? ''} onChange={(e) => setFilterValues((v) => ({ ...v, [f.id]: e.target.value }))} />
          ) : (
            <SelectField key={f.id} label={f.label} value={filterValues[f.id] ?? ''} onChange={(e) => setFilterValues((v) => ({ ...v, [f.id]: e.target.value }))} options={f.options ?? []} />
          ),
        )}
        {toolbar}
        {viewsKey ? <SavedViews screen={viewsKey} current={currentView} apply={applyView} onReady={markViewReady} /> : null}
        {exportHref ? (
          <a className="ui-button" data-variant="secondary" href={exportHref({ sort: sorting, search, filters: activeFilters })} download>
            Export CSV
          </a>
        ) : null}
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
      {load.state === 'error' ? <ErrorPanel message={load.message} onRetry={refresh} /> : null}
      {load.state === 'ready' && rows.length === 0 ? <EmptyState title={emptyTitle} /> : null}
      {load.state === 'ready' && rows.length > 0 ? (
        <div className={virtual.items ? 'dt-scroll dt-virtual' : 'dt-scroll'} ref={scroller} tabIndex={virtual.items ? 0 : undefined} aria-label={virtual.items ? `${label}, scrollable` : undefined} role={virtual.items ? 'region' : undefined}>
          <table className="dt-table" aria-rowcount={virtual.items ? rows.length + 1 : undefined}>
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
              {virtual.before > 0 ? (
                <tr aria-hidden="true" className="dt-spacer">
                  <td colSpan={visibleColumns} style={{ height: virtual.before }} />
                </tr>
              ) : null}
              {drawn.map((row) => (
                <tr key={row.id} {...rowData?.(row.original)} data-row={row.id} aria-selected={row.getIsSelected() || undefined} aria-rowindex={virtual.items ? row.index + 2 : undefined}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} data-label={typeof cell.column.columnDef.header === 'string' ? cell.column.columnDef.header : undefined}>{renderTemplate(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
              ))}
              {virtual.after > 0 ? (
                <tr aria-hidden="true" className="dt-spacer">
                  <td colSpan={visibleColumns} style={{ height: virtual.after }} />
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      ) : null}
      {paging === 'more' ? (
        load.state === 'ready' && rows.length > 0 ? (
          <div className="dt-pager">
            <span aria-live="polite">{`${rows.length} shown`}</span>
            {next ? (
              <Button variant="secondary" onClick={() => setPageIndex((i) => i + 1)}>
                Load More
              </Button>
            ) : null}
          </div>
        ) : null
      ) : pageSizes.length === 1 && pageIndex === 0 && !next ? null : (
        <nav className="dt-pager" aria-label={`${label} pages`}>
          <SelectField
            label="Rows per page"
            value={String(pageSize)}
            onChange={(e) => setPageSize(Number(e.target.value))}
            options={pageSizes.map((n) => ({ value: String(n), label: String(n) }))}
          />
          <div className="dt-pager-steps">
            <Button variant="secondary" disabled={pageIndex === 0} onClick={() => setPageIndex((i) => i - 1)}>
              Previous page
            </Button>
            <span aria-live="polite" data-page={pageIndex + 1}>{`Page ${pageIndex + 1}`}</span>
            <Button variant="secondary" disabled={!next} onClick={() => setPageIndex((i) => i + 1)}>
              Next page
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
