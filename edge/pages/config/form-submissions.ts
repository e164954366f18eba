import { Hono } from 'hono';
import type { AppEnv } from '../../env.js';
import { allows } from '../../middleware/roles/index.js';
import { cellText } from '../../services/forms/csv.js';
import { listSubmissions } from '../../services/forms/owner-submissions.js';
import { accountPage, html } from '../account/html.js';
import { ownerShell } from './shell.js';

/**
 * /config/form-submissions: the owner's listing of submissions (permission
 * `formSubmissions`), newest first, searchable. Every visitor value goes through the
 * `html` template's escaping: a submitted <script> shows as text, never runs.
 */
export const formSubmissionScreens = new Hono<AppEnv>({ strict: false });

formSubmissionScreens.get('/form-submissions', async (c) => {
  const user = c.var.siteUser;
  if (!user) return c.redirect('/config/', 303);
  if (!allows('ownerArea', user.roles) || !allows('formSubmissions', user.roles)) {
    return accountPage(c, 'No access', html`<h1>No access</h1>`, 403, 'config');
  }
  const q = (c.req.query('q') ?? '').slice(0, 200);
  const page = await listSubmissions(c.var.db, c.var.site.id, { search: q || undefined, pageSize: 100 });
  const content = html`<h1>Form submissions</h1>
<form method="get" action="/config/form-submissions" role="search"><label>Search <input type="search" name="q" value="${q}"></label> <button class="button" type="submit">Search</button></form>
${page.rows.length === 0 ? html`<p>No submissions.</p>` : ''}
<table class="form-submissions"><thead><tr><th>Received</th><th>Form</th><th>Status</th><th>Values</th></tr></thead><tbody>
${page.rows.map(
  (r) => html`<tr data-submission="${r.id}"><td>${new Date(r.createdOn).toISOString()}</td><td>${r.formName}</td><td>${r.status}${r.heldReason ? ` (${r.heldReason})` : ''}</td>
<td><dl>${Object.entries(r.values).map(([id, v]) => html`<dt>${id}</dt><dd data-value="${id}">${cellText(v)}</dd>`)}</dl></td></tr>`,
)}
</tbody></table>`;
  return accountPage(c, 'Form submissions', ownerShell(c, '/config/form-submissions', content), 200, 'config');
});
