/** SPEC §8 texts of sign-in, sign-up and account links, exactly as the API and the forms show them. */

/** One answer for an unknown email and a wrong password, so neither reveals the other. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
export const EMAIL_UNVERIFIED_MESSAGE = 'Please verify your email address first: use the link we emailed you.';

/** SPEC §8 fallback for a link that is used, expired or was never issued. */
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired.';

export const SIGN_UP_MESSAGE = 'Check your email: we sent you a link to confirm your account.';
export const RESET_REQUESTED_MESSAGE = 'If an account uses that address, we sent it a link to choose a new password.';
