import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { ROLE } from '../../../domain/roles/roles.js';
import { acceptInvitation, inviteContributor, listContributors, removeContributor, setContributorRoles } from '../../services/accounts/contributors.js';
import { jsonBody } from '../validate.js';
import { linkTokenField, newEmailField, rolesField } from '../../../domain/accounts/account-fields.js';
import { INVALID_LINK_MESSAGE } from '../../../domain/messages/account-messages.js';
import { mailSite } from '../../middleware/site/mail-site.js';
import { startSession } from '../../middleware/session/sign-in.js';
import { INVALID_CREDENTIALS_MESSAGE } from '../../../domain/messages/account-messages.js';
import { ROLE_NAMES } from '../../../domain/roles/roles.js';

/** SPEC §3 contributors of the site: list, invite by email with roles, remove. */
export const contributorRoutes = new Hono<AppEnv>({ strict: false });

contributorRoutes.get('/contributors', requirePermission('contributors'), async (c) => {
  return c.json(await listContributors(c.var.db, c.var.site.id, Date.now()));
});

contributorRoutes.post(
  '/contributors/invitations',
  requirePermission('contributors'),
  jsonBody(z.object({ email: newEmailField, roles: rolesField })),
  async (c) => {
    const { email, roles } = c.req.valid('json');
    const input = { email, roles, roleNames: roles.map((r) => ROLE_NAMES[r]!), invitedBy: c.var.siteUser!.id };
    await inviteContributor(c.var.db, mailSite(c), input, Date.now());
    return c.json({ invited: email.toLowerCase(), roles }, 202);
  },
);

// Ends the removed person's sessions on this site at once.
contributorRoutes.delete('/contributors/:siteUserId', requirePermission('contributors'), async (c) => {
  const siteUserId = c.req.param('siteUserId');
  if (siteUserId === c.var.siteUser!.id) throw new ApiError(409, 'cannot_remove_self', 'You cannot remove yourself from the site.');
  if (!(await removeContributor(c.var.db, c.var.site.id, siteUserId))) {
    throw new ApiError(404, 'not_found', 'No such contributor on this site.');
  }
  return c.json({ removed: siteUserId });
});

// Role editing: an admin cannot change their own roles (they could lock the site out of
// its owner area); the new roles reach the contributor's next request.
contributorRoutes.put(
  '/contributors/:siteUserId/roles',
  requirePermission('contributors'),
  jsonBody(z.strictObject({ roles: rolesField })),
  async (c) => {
    const siteUserId = c.req.param('siteUserId');
    if (siteUserId === c.var.siteUser!.id) throw new ApiError(409, 'cannot_change_own_roles', 'You cannot change your own roles.');
    const { roles } = c.req.valid('json');
    if (!(await setContributorRoles(c.var.db, c.var.site.id, siteUserId, roles))) throw new ApiError(404, 'not_found', 'No such contributor on this site.');
    return c.json({ siteUserId, roles });
  },
);

// Public: the emailed token is the credential. Signs the new contributor in.
contributorRoutes.post(
  '/contributors/invitations/accept',
  jsonBody(z.object({ token: linkTokenField, password: z.string().min(8, 'Passwords need at least 8 characters.').max(1024) })),
  async (c) => {
    const { token, password } = c.req.valid('json');
    const result = await acceptInvitation(c.var.db, c.var.site.id, token, password, Date.now());
    if (!result.ok && result.reason === 'wrong-password') throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
    if (!result.ok) throw new ApiError(400, 'invalid_link', INVALID_LINK_MESSAGE);
    return c.json({ xsrfToken: await startSession(c, result.user, false) });
  },
);
