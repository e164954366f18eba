import { Hono } from 'hono';
import type { AppEnv } from '../../env.js';
import { accountRoutes } from './account.js';
import { contributorRoutes } from './contributors.js';
import { sessionRoutes } from './session.js';
import { signUpRoutes } from './sign-up.js';

/**
 * /api/site-users: site sessions (SPEC §7 Site session), accounts, contributors.
 * Restock notifications under /account/notifications belong to the forms family.
 */
export const siteUsers = new Hono<AppEnv>({ strict: false });

siteUsers.route('/', sessionRoutes);
siteUsers.route('/', accountRoutes);
siteUsers.route('/', signUpRoutes);
siteUsers.route('/', contributorRoutes);
