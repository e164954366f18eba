import { useMemo } from 'react';
import { createColumnHelper } from '@tanstack/table-core';
import type { SubmissionRow } from '../../../edge/services/forms/owner-submissions.js';
import { ownerFetch } from '../api.js';
import { useOwner } from '../context.js';
import { timeColumn } from '../data-table/columns.js';
import { DataTable, type FilterDef, type PageRequest } from '../data-table/data-table.js';

const column = createColumnHelper<SubmissionRow>();

const STATUS_FILTER: FilterDef[] = [
  {
    id: 'status',
    label: 'Status',
    type: 'select',
    options: [
      { value: '', label: 'All' },
      { value: 'received', label: 'Received' },
      { value: 'held', label: 'Held' },
    ],
  },
];

/** One submitted value as text: lists joined, question/answer pairs spelled out. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.filter((v) => v !== '' && v !== null && v !== undefined).map(String).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, answer]) => `${key}: ${String(answer)}`)
      .join('; ');
  }
  return String(value);
}

/** /config/form-submissions in the app: newest first, search and state on the server, cursor pages. */
export function FormSubmissionsScreen() {
  const { timeZone } = useOwner();
  const columns = useMemo(
    () => [
      timeColumn(column, 'createdOn', { header: 'Received', timeZone }),
      column.accessor('formName', { header: 'Form', enableSorting: false }),
      column.accessor('status', {
        header: 'Status',
        enableSorting: false,
        cell: (c) => `${c.getValue()}${c.row.original.heldReason ? ` (${c.row.original.heldReason})` : ''}`,
      }),
      column.accessor('values', {
        header: 'Values',
        enableSorting: false,
        cell: (c) => (
          <dl className="owner-values">
            {Object.entries(c.getValue()).map(([id, v]) => (
              <div key={id}>
                <dt>{id}</dt>
                <dd data-value={id}>{valueText(v)}</dd>
              </div>
            ))}
          </dl>
        ),
      }),
    ],
    [timeZone],
  );
  const fetchPage = async (request: PageRequest) => {
    const params = new URLSearchParams({ pageSize: String(request.pageSize) });
    if (request.search) params.set('q', request.search);
    if (request.filters.status) params.set('status', request.filters.status);
    if (request.cursor) params.set('cursor', request.cursor);
    const answer = await ownerFetch<{ submissions: SubmissionRow[]; nextPageCursor: string | null }>('GET', `/api/form/submissions?${params}`);
    return { rows: answer.submissions, next: answer.nextPageCursor };
  };
  return (
    <>
      <h1>Form submissions</h1>
      <DataTable
        label="Form submissions"
        columns={columns}
        getRowId={(r) => r.id}
        fetchPage={fetchPage}
        filters={STATUS_FILTER}
        viewsKey="form-submissions"
        exportHref={(request) => {
          const params = new URLSearchParams();
          if (request.search) params.set('q', request.search);
          if (request.filters.status) params.set('status', request.filters.status);
          return `/api/form/submissions/export?${params}`;
        }}
        paging="more"
        pageSizes={[100]}
        emptyTitle="No submissions."
      />
    </>
  );
}
