import { Hono, type Context } from 'hono';
import { INVALID_LINK_MESSAGE } from '../../../domain/messages/account-messages.js';
import { startSession } from '../../middleware/session/sign-in.js';
import { INVALID_CREDENTIALS_MESSAGE } from '../../../domain/messages/account-messages.js';
import type { AppEnv } from '../../env.js';
import { peekLink } from '../../services/accounts/account-links.js';
import { acceptInvitation } from '../../services/accounts/contributors.js';
import { findUserByEmail } from '../../services/accounts/site-users.js';
import { accountPage, crumbField, html, notice } from '../account/html.js';
import { formFields, formPost } from '../account/forms.js';

/** /config/invitation: accept a contributor invitation from its emailed link. */
export const invitationRoutes = new Hono<AppEnv>({ strict: false });

async function invitationPage(c: Context<AppEnv>, token: string, error?: string, status = 200) {
  const invite = await peekLink(c.var.db, c.var.site.id, 'invite', token, Date.now());
  if (!invite) {
    return accountPage(c, 'Invitation', html`<h1>Invitation</h1>${notice(INVALID_LINK_MESSAGE)}`, 400, 'config');
  }
  const existing = await findUserByEmail(c.var.db, c.var.site.id, invite.email);
  const label = existing ? 'Your password' : 'Choose a password (at least 8 characters)';
  const body = html`<h1>Join ${c.var.site.title}</h1>
<p>Accept the invitation for <strong>${invite.email}</strong>.</p>
${notice(error)}
<form method="post" action="/config/invitation">
${crumbField(c)}<input type="hidden" name="token" value="${token}">
<p><label>${label} <input type="password" name="password" required minlength="8" maxlength="1024" autocomplete="${existing ? 'current-password' : 'new-password'}"></label></p>
<p><button type="submit" class="button">Accept invitation</button></p>
</form>`;
  return accountPage(c, 'Invitation', body, status, 'config');
}

invitationRoutes.get('/invitation', (c) => invitationPage(c, c.req.query('token') ?? ''));

invitationRoutes.post('/invitation', ...formPost, async (c) => {
  const { token = '', password = '' } = await formFields(c);
  if (password.length < 8 || password.length > 1024) return invitationPage(c, token, 'Passwords need at least 8 characters.', 400);
  const result = await acceptInvitation(c.var.db, c.var.site.id, token, password, Date.now());
  if (!result.ok) {
    return invitationPage(c, token, result.reason === 'wrong-password' ? INVALID_CREDENTIALS_MESSAGE : INVALID_LINK_MESSAGE, 400);
  }
  await startSession(c, result.user, false);
  return c.redirect('/config/', 303);
});
