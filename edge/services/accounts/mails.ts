import type { OutgoingMail } from '../mail/outbox.js';
import { fillText, storeTexts, type StoreTexts } from '../../../domain/languages/store-texts.js';

/** Site facts every account mail names. */
export interface MailSite {
  id: string;
  title: string;
  /** Absolute origin the links point at, e.g. https://shop.example.com */
  origin: string;
}

const footer = (site: MailSite) => `\n\n${site.title}\n${site.origin}/`;

/** The email-verification mail of a new account; `prefix` is the mail's language's (`/fr`; '' for the primary). */
export function verifyEmailMail(site: MailSite, to: string, token: string, prefix = ''): OutgoingMail {
  const link = `${site.origin}${prefix}/account/verify?token=${token}`;
  return {
    websiteId: site.id,
    to,
    kind: 'verify-email',
    subject: `Confirm your email for ${site.title}`,
    text: `Welcome! Confirm your email address to finish creating your account:\n\n${link}\n\nThe link works for 24 hours. If you did not sign up, ignore this mail.${footer(site)}`,
  };
}

/** Sent instead of a second account when someone signs up with an address that has one. */
export function existingAccountMail(site: MailSite, to: string, prefix = ''): OutgoingMail {
  return {
    websiteId: site.id,
    to,
    kind: 'sign-up-existing',
    subject: `You already have an account at ${site.title}`,
    text: `Someone (probably you) tried to create an account with this address, which already has one.\n\nSign in: ${site.origin}${prefix}/account\nForgot your password? ${site.origin}${prefix}/account/reset${footer(site)}`,
  };
}

/**
 * The reset link's mail, in the words of `texts` (issue 29: the account's language, else the
 * page's); the link under that language's `prefix` (`/fr`; '' for the primary).
 */
export function passwordResetMail(site: MailSite, to: string, token: string, texts?: StoreTexts, prefix = ''): OutgoingMail {
  const link = `${site.origin}${prefix}/account/reset/confirm?token=${token}`;
  const t = texts ?? storeTexts();
  return {
    websiteId: site.id,
    to,
    kind: 'password-reset',
    subject: fillText(t.mailResetSubject, { site: site.title }),
    text: `${t.mailReset}\n\n${link}\n\n${t.mailResetNote}${footer(site)}`,
  };
}

export function invitationMail(site: MailSite, to: string, token: string, roleNames: string[]): OutgoingMail {
  const link = `${site.origin}/config/invitation?token=${token}`;
  return {
    websiteId: site.id,
    to,
    kind: 'invitation',
    subject: `You are invited to help run ${site.title}`,
    text: `You have been invited to ${site.title} as ${roleNames.join(', ')}.\n\nAccept the invitation:\n\n${link}\n\nThe link works for 7 days.${footer(site)}`,
  };
}
