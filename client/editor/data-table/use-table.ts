import { useState, type ReactNode } from 'react';
import { createTable, type RowData, type Table, type TableOptions, type TableState } from '@tanstack/table-core';

/**
 * TanStack Table in React without @tanstack/react-table: that adapter imports React as a
 * namespace, which makes the bundler split its CommonJS interop helpers into a chunk of their
 * own that every storefront page would then load. The core is plain ES modules; this hook
 * keeps the table instance for the component's life and the state the caller does not control.
 */
export function useTable<Row extends RowData>(options: TableOptions<Row>): Table<Row> {
  const [table] = useState(() => createTable<Row>({ state: {}, onStateChange: () => {}, renderFallbackValue: null, ...options }));
  const [own, setOwn] = useState<TableState>(() => table.initialState);
  // Every render hands the table the current options and the merged state.
  table.setOptions((previous) => ({
    ...previous,
    ...options,
    state: { ...own, ...options.state },
    onStateChange: (updater) => {
      setOwn(updater);
      options.onStateChange?.(updater);
    },
  }));
  return table;
}

/** Renders a column's header or cell template: a string as it is, a function with its context. */
export function renderTemplate<Context>(template: string | ((context: Context) => unknown) | undefined, context: Context): ReactNode {
  if (template === undefined) return null;
  return (typeof template === 'function' ? template(context) : template) as ReactNode;
}
