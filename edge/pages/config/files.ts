import { Hono } from 'hono';
import { formatFileSize } from '../../../domain/files/file-rules.js';
import type { AppEnv } from '../../env.js';
import { listFiles } from '../../services/files/file-list.js';
import { html } from '../account/html.js';
import { screen } from './screen.js';

/**
 * /config/files: the file manager is the owner app's (client/editor/screens/files/); without
 * JavaScript the server lists the newest files, each linked when it has a public address.
 */
export const fileScreens = new Hono<AppEnv>({ strict: false });

fileScreens.get('/files', (c) =>
  screen(c, '/config/files', 'files', 'Files', async () => {
    const { files } = await listFiles(c.var.db, c.var.site.id, { sort: 'created', desc: true, limit: 100 });
    return html`<h1>Files</h1>
<p>Uploading, renaming and deleting files needs JavaScript.</p>
${files.length === 0 ? html`<p>No files yet.</p>` : ''}
<ul class="owner-files">${files.map(
      (f) => html`<li data-file="${f.id}">${f.url ? html`<a href="${f.url}">${f.fileName}</a>` : f.fileName} · ${formatFileSize(f.size)}</li>`,
    )}</ul>`;
  }),
);
