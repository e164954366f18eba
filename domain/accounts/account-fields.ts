import { z } from 'zod';
import { ROLE_IDS } from '../roles/roles.js';

// SPEC §9: email length 3 to 256.
export const emailField = z
  .string()
  .trim()
  .min(3, 'Enter your email address.')
  .max(256, 'Email addresses are at most 256 characters.');

/** A new account's address must look like one (sign-in only checks length: it never reveals more). */
export const newEmailField = emailField.pipe(z.email('Enter a valid email address.'));

export const newPasswordField = z
  .string()
  .min(8, 'Passwords need at least 8 characters.')
  .max(1024, 'Passwords are at most 1024 characters.');

export const linkTokenField = z.string().min(1, 'The link is missing its token.').max(128);

/** SPEC §3 contributor role ids, at least one, no duplicates. */
export const rolesField = z
  .array(z.number().int().refine((role) => (ROLE_IDS as readonly number[]).includes(role), 'Unknown role.'))
  .min(1, 'Choose at least one role.')
  .max(ROLE_IDS.length)
  .transform((roles) => [...new Set(roles)]);
