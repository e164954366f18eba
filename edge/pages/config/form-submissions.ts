import { Hono } from 'hono';
import type { AppEnv } from '../../env.js';
import { cellText } from '../../services/forms/csv.js';
import { listSubmissions } from '../../services/forms/owner-submissions.js';
import { html } from '../account/html.js';
import { screen } from './screen.js';

/**
 * /config/form-submissions: the owner's listing of submissions (permission
 * `formSubmissions`), newest first, searchable. Every visitor value goes through the
 * `html` template's escaping: a submitted <script> shows as text, never runs.
 */
export const formSubmissionScreens = new Hono<AppEnv>({ strict: false });

formSubmissionScreens.get('/form-submissions', (c) =>
  screen(c, '/config/form-submissions', 'formSubmissions', 'Form submissions', async () => {
    const q = (c.req.query('q') ?? '').slice(0, 200);
    const page = await listSubmissions(c.var.db, c.var.site.id, { search: q || undefined, pageSize: 100 });
    return html`<h1>Form submissions</h1>
<form method="get" action="/config/form-submissions" role="search"><label>Search <input type="search" name="q" value="${q}"></label> <button class="button" type="submit">Search</button></form>
${page.rows.length === 0 ? html`<p>No submissions.</p>` : ''}
<table class="form-submissions"><thead><tr><th>Received</th><th>Form</th><th>Status</th><th>Values</th></tr></thead><tbody>
${page.rows.map(
  (r) => html`<tr data-submission="${r.id}"><td>${new Date(r.createdOn).toISOString()}</td><td>${r.formName}</td><td>${r.status}${r.heldReason ? ` (${r.heldReason})` : ''}</td>
<td><dl>${Object.entries(r.values).map(([id, v]) => html`<dt>${id}</dt><dd data-value="${id}">${cellText(v)}</dd>`)}</dl></td></tr>`,
)}
</tbody></table>`;
  }),
);
