import { Hono } from 'hono';
import { z } from 'zod';
import { emailField } from '../../../domain/accounts/account-fields.js';
import type { AppEnv } from '../../env.js';
import { checkCredentials, endSession, startSession } from '../../middleware/session/sign-in.js';
import { jsonBody, queryParams } from '../validate.js';

const signInBody = z.object({
  email: emailField,
  password: z.string().min(1, 'Enter your password.').max(1024, 'Passwords are at most 1024 characters.'),
  rememberMe: z.boolean().optional().default(false),
});

const signOutQuery = z.object({ cloneCart: z.enum(['true', 'false']).optional() });

/** SPEC §7 Site session: POST and DELETE /api/site-users/account/session. */
export const sessionRoutes = new Hono<AppEnv>({ strict: false });

sessionRoutes.post('/account/session', jsonBody(signInBody), async (c) => {
  const { email, password, rememberMe } = c.req.valid('json');
  const user = await checkCredentials(c, email, password);
  return c.json({ xsrfToken: await startSession(c, user, rememberMe) });
});

// SPEC §7: cloneCart=true leaves the now anonymous visitor a copy of the account's cart;
// otherwise the cart stays with the account and the browser forgets it.
sessionRoutes.delete('/account/session', queryParams(signOutQuery), async (c) => {
  await endSession(c, c.req.valid('query').cloneCart === 'true');
  return c.json({ signedOut: true });
});
