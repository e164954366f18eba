import type { Context } from 'hono';
import type { AppEnv, Env } from '../../env.js';
import { platformHostName } from '../../middleware/platform/index.js';
import { listOutboxPage } from '../../services/mail/outbox.js';
import { isLocalHost } from '../../services/websites.js';
import { html, type Markup } from '../account/html.js';
import { platformPage } from './layout.js';

/**
 * The local mail reader (`GET /dev/mail` on the platform host, docs/platform.md): with the
 * local mail default (MAIL_PROVIDER unset or `outbox`: mail is never sent) an owner trying
 * Atelier locally reads the platform's verification and reset mails here, links first.
 * Served only then, and only while the platform host is a local one (`*.localhost`): a
 * deployment that forgot its mail provider must not show sign-up and reset links to anyone.
 * Everything else answers the platform's 404 page.
 */
export function devMailEnabled(env: Env): boolean {
  const provider = env.MAIL_PROVIDER ?? '';
  return (provider === '' || provider === 'outbox') && isLocalHost(platformHostName(env));
}

export const DEV_MAIL_PATH = '/dev/mail';

/** The line under "Check your email" pointing a local owner at the reader (nothing elsewhere). */
export function devMailHint(c: Context<AppEnv>): Markup {
  if (!devMailEnabled(c.env)) return html``;
  return html`<p class="platform-help">Running locally: mail is never sent. <a href="${DEV_MAIL_PATH}">Read it in the local mail reader</a>.</p>`;
}

const LINK = /https?:\/\/[^\s<>"']+/g;
const SHOWN = 50;

/** The platform's outbox, newest first: each mail's subject, recipient, time, links and text (all escaped). */
export async function devMailPage(c: Context<AppEnv>): Promise<Response> {
  if (!devMailEnabled(c.env)) return platformPage(c, 'Not found', html`<h1>Not found</h1><p><a href="/">Atelier</a></p>`, { status: 404 });
  const to = c.req.query('to')?.trim().toLowerCase().slice(0, 256) || undefined;
  const { rows } = await listOutboxPage(c.var.db, c.var.site.id, { to, limit: SHOWN });
  const mails = rows.map((m) => {
    const links = [...new Set(m.textBody.match(LINK) ?? [])];
    return html`<li class="platform-mail" data-mail-kind="${m.kind}">
<h2>${m.subject}</h2>
<p class="platform-mail-meta">To <span data-mail-to>${m.toAddress}</span> · <time datetime="${new Date(m.createdOn).toISOString()}">${new Date(m.createdOn).toISOString().replace('T', ' ').slice(0, 16)} UTC</time> · ${m.kind}</p>
${links.length ? html`<ul aria-label="Links in this mail">${links.map((href) => html`<li><a href="${href}" data-mail-link>${href}</a></li>`)}</ul>` : ''}
<details><summary>Full text</summary><pre>${m.textBody}</pre></details>
</li>`;
  });
  return platformPage(
    c,
    'Local mail',
    html`<h1>Local mail</h1>
<p class="platform-lead">Mail is never sent locally (no mail provider is set): the ${SHOWN} newest platform mails are kept here, newest first. Open a link to confirm an account or reset a password.</p>
<form method="get" action="${DEV_MAIL_PATH}" class="platform-form" role="search">
<div class="platform-field"><label>Recipient <input type="email" name="to" value="${to ?? ''}" maxlength="256"></label></div>
<button type="submit" class="button button-secondary">Show their mail</button>
</form>
<h2>${to ? html`Mail to ${to}` : 'All platform mail'}</h2>
${rows.length ? html`<ul class="platform-mails">${mails}</ul>` : html`<p class="platform-empty">No mail yet.</p>`}`,
    { width: 'wide' },
  );
}
