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

/**
 * The email-verification mail of a new account, in the words of `texts` (issue 29: the
 * language of the page the sign-up came from); `prefix` is that language's (`/fr`; '' for the primary).
 */
export function verifyEmailMail(site: MailSite, to: string, token: string, texts?: StoreTexts, prefix = ''): OutgoingMail {
  const link = `${site.origin}${prefix}/account/verify?token=${token}`;
  const t = texts ?? storeTexts();
  return {
    websiteId: site.id,
    to,
    kind: 'verify-email',
    subject: fillText(t.mailVerifySubject, { site: site.title }),
    text: `${t.mailVerify}\n\n${link}\n\n${t.mailVerifyNote}${footer(site)}`,
  };
}

/** Sent instead of a second account when someone signs up with an address that has one (in the sign-up page's language, its links under `prefix`). */
export function existingAccountMail(site: MailSite, to: string, texts?: StoreTexts, prefix = ''): OutgoingMail {
  const t = texts ?? storeTexts();
  return {
    websiteId: site.id,
    to,
    kind: 'sign-up-existing',
    subject: fillText(t.mailExistingSubject, { site: site.title }),
    text: `${t.mailExisting}\n\n${fillText(t.mailExistingSignIn, { link: `${site.origin}${prefix}/account` })}\n${fillText(t.mailExistingForgot, { link: `${site.origin}${prefix}/account/reset` })}${footer(site)}`,
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

/** A contributor's invitation: in the site's primary language (the store texts' own words). */
export function invitationMail(site: MailSite, to: string, token: string, roleNames: string[]): OutgoingMail {
  const link = `${site.origin}/config/invitation?token=${token}`;
  const t = storeTexts();
  return {
    websiteId: site.id,
    to,
    kind: 'invitation',
    subject: fillText(t.mailInviteSubject, { site: site.title }),
    text: `${fillText(t.mailInvite, { site: site.title, roles: roleNames.join(', ') })}\n\n${t.mailInviteAccept}\n\n${link}\n\n${t.mailInviteNote}${footer(site)}`,
  };
}
