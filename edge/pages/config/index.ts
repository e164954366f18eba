import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { checkCredentials, endSession, startSession } from '../../middleware/session/sign-in.js';
import { ROLE_NAMES } from '../../../domain/roles/roles.js';
import type { AppEnv } from '../../env.js';
import { loadClientAssetUrls } from '../../files/client-manifest.js';
import { ROLE, ROLE_IDS } from '../../../domain/roles/roles.js';
import { newEmailField, rolesField } from '../../../domain/accounts/account-fields.js';
import { mailSite } from '../../middleware/site/mail-site.js';
import { inviteContributor, listContributors, removeContributor } from '../../services/accounts/contributors.js';
import { listOutbox } from '../../services/mail/outbox.js';
import { reviewsByStatus } from '../../services/reviews/store.js';
import { accountPage, actionButton, crumbField, html, notice } from '../account/html.js';
import { formFailure, formFields, formPost } from '../account/forms.js';
import { invitationRoutes } from './invitation.js';
import { formSubmissionScreens } from './form-submissions.js';
import { giftCardScreens } from './gift-cards.js';
import { fileScreens } from './files.js';
import { orderScreens } from './orders.js';
import { subscriptionScreens } from './subscriptions.js';
import { ownerShell } from './shell.js';
import { forbiddenPage, permitted, refusePost, screen, signInPage } from './screen.js';
import { trafficScreen } from './traffic.js';

/**
 * /config/: the owner area (SPEC §2: any path containing /config/ is editor mode). Anonymous
 * visitors get the sign-in form; signed-in visitors without a contributor role a 403; the
 * rest the owner shell, each screen behind its row of the permission table.
 */
export const config = new Hono<AppEnv>({ strict: false });

config.route('/', invitationRoutes);
config.route('/', formSubmissionScreens);
config.route('/', orderScreens);
config.route('/', giftCardScreens);
config.route('/', subscriptionScreens);
config.route('/', fileScreens);

/** What the contributors screen says after a form post (codes, so a link cannot inject text). */
const CONTRIBUTOR_NOTICES: Record<string, string> = {
  invited: 'Invitation sent.',
  removed: 'Contributor removed; their sessions on this site have ended.',
  self: 'You cannot remove yourself from the site.',
  missing: 'No such contributor on this site.',
  'no-role': 'Choose at least one role.',
  'bad-email': 'Enter a valid email address.',
};

config.get('/', (c) =>
  screen(c, '/config/', 'ownerArea', 'Owner area', () => html`<h1>${c.var.site.title}</h1><p>Choose a screen from the navigation.</p>`),
);

config.get('/traffic', (c) => screen(c, '/config/traffic', 'traffic', 'Traffic', () => trafficScreen(c)));

config.get('/contributors', (c) =>
  screen(c, '/config/contributors', 'contributors', 'Contributors', async () => {
    const { contributors, invitations } = await listContributors(c.var.db, c.var.site.id, Date.now());
    const roles = (ids: number[]) => ids.map((id) => ROLE_NAMES[id] ?? String(id)).join(', ');
    return html`<h1>Contributors</h1>
<table class="contributors"><thead><tr><th>Email</th><th>Roles</th><th></th></tr></thead><tbody>
${contributors.map(
  (p) => html`<tr data-contributor="${p.email}"><td>${p.email}</td><td>${roles(p.roles)}</td><td>${
    p.siteUserId === c.var.siteUser!.id ? '' : actionButton(c, '/config/contributors/remove', 'Remove', { siteUserId: p.siteUserId })
  }</td></tr>`,
)}
</tbody></table>
<h2>Invite someone</h2>
${notice(CONTRIBUTOR_NOTICES[c.req.query('notice') ?? ''], 'info')}
<form method="post" action="/config/contributors/invite" class="invite-form">
${crumbField(c)}
<p><label>Email <input type="email" name="email" required maxlength="256"></label></p>
<fieldset><legend>Roles</legend>
${ROLE_IDS.filter((r) => r !== ROLE.none).map((r) => html`<label><input type="checkbox" name="role" value="${r}"> ${ROLE_NAMES[r]}</label> `)}
</fieldset>
<p><button type="submit" class="button">Send invitation</button></p>
</form>
<h2>Pending invitations</h2>
${invitations.length === 0 ? html`<p>None.</p>` : html`<ul>${invitations.map((i) => html`<li>${i.email} (${roles(i.roles)})</li>`)}</ul>`}`;
  }),
);

// The moderation screen is the owner app's (client/editor/screens/reviews.tsx); without
// JavaScript the server lists what waits for moderation.
config.get('/reviews', (c) =>
  screen(c, '/config/reviews', 'reviews', 'Reviews', async () => {
    const pending = await reviewsByStatus(c.var.db, c.var.site.id, 'pending');
    return html`<h1>Reviews</h1>
<p>Reviews waiting for moderation. Approving and rejecting them needs JavaScript.</p>
${pending.length === 0 ? html`<p>No reviews are waiting.</p>` : ''}
<ul class="pending-reviews">${pending.map((r) => html`<li data-review="${r.id}"><strong>${r.productName}</strong>: ${r.rating}/5 ${r.title} · ${r.authorName}<br>${r.body}</li>`)}</ul>`;
  }),
);

config.get('/outbox', (c) =>
  screen(c, '/config/outbox', 'outbox', 'Outbox', async () => {
    const mails = await listOutbox(c.var.db, c.var.site.id, { limit: 100 });
    return html`<h1>Outbox</h1>
${mails.length === 0 ? html`<p>No mail yet.</p>` : ''}
${mails.map(
  (m) => html`<article class="mail" data-mail-kind="${m.kind}" data-mail-to="${m.toAddress}">
<h2>${m.subject}</h2><p>To ${m.toAddress} · ${m.status} · ${new Date(m.createdOn).toISOString()}</p>
<pre style="white-space: pre-wrap">${m.textBody}</pre></article>`,
)}`;
  }),
);

config.post('/contributors/invite', ...formPost, async (c) => {
  if (!permitted(c, 'contributors')) return refusePost(c);
  const body = await c.req.parseBody({ all: true });
  const roles = ([] as unknown[]).concat(body.role ?? []).map(Number);
  const parsed = z.object({ email: newEmailField, roles: rolesField }).safeParse({ email: body.email, roles });
  if (!parsed.success) return c.redirect(`/config/contributors?notice=${parsed.error.issues.some((i) => i.path[0] === 'roles') ? 'no-role' : 'bad-email'}`, 303);
  const { email, roles: chosen } = parsed.data;
  const invite = { email, roles: chosen, roleNames: chosen.map((r) => ROLE_NAMES[r]!), invitedBy: c.var.siteUser!.id };
  await inviteContributor(c.var.db, mailSite(c), invite, Date.now());
  return c.redirect('/config/contributors?notice=invited', 303);
});

config.post('/contributors/remove', ...formPost, async (c) => {
  if (!permitted(c, 'contributors')) return refusePost(c);
  const { siteUserId = '' } = await formFields(c);
  const self = siteUserId === c.var.siteUser!.id;
  const removed = !self && (await removeContributor(c.var.db, c.var.site.id, siteUserId));
  return c.redirect(`/config/contributors?notice=${self ? 'self' : removed ? 'removed' : 'missing'}`, 303);
});

config.post('/sign-in', ...formPost, async (c) => {
  const form = await formFields(c);
  const parsed = z.object({ email: z.string().trim().min(3).max(256), password: z.string().min(1).max(1024) }).safeParse(form);
  if (!parsed.success) return signInPage(c, 'Enter your email and password.', 400, form.email);
  try {
    const user = await checkCredentials(c, parsed.data.email, parsed.data.password);
    await startSession(c, user, form.rememberMe === 'true');
  } catch (err) {
    const { message, status } = formFailure(c, err);
    return signInPage(c, message, status, parsed.data.email);
  }
  return c.redirect('/config/', 303);
});

config.post('/sign-out', ...formPost, async (c) => {
  await endSession(c, false);
  return c.redirect('/config/', 303);
});

// Unknown owner screens: sign-in for anonymous visitors, 403 without a role, else 404.
config.get('/*', async (c) => {
  if (!c.var.siteUser) return signInPage(c);
  if (!permitted(c, 'ownerArea')) return forbiddenPage(c);
  const content = html`<h1>No such screen</h1><p><a href="/config/">Back to the overview</a></p>`;
  const client = await loadClientAssetUrls(c.env.ASSETS);
  return accountPage(c, 'Not found', ownerShell(c, c.req.path, content), 404, 'config', client?.editor, client?.editorCss);
});
