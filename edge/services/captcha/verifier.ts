import type { CaptchaAction } from '../../../domain/forms/captcha-actions.js';

export interface CaptchaVerdict {
  ok: boolean;
  /** Why a token was not accepted (provider reason, low score, wrong action...). */
  reason?: string;
  score?: number;
}

/** Checks a bot-check token with its provider. Implementations never throw for a bad token. */
export interface CaptchaVerifier {
  verify(token: string, action: CaptchaAction, remoteIp: string): Promise<CaptchaVerdict>;
}

/**
 * The offline verifier of tests and local development: a token passes when it is
 * `local-pass:<action>` for the expected action, and fails otherwise.
 */
export const localVerifier: CaptchaVerifier = {
  async verify(token, action) {
    if (token === `local-pass:${action}`) return { ok: true, score: 0.9 };
    return { ok: false, reason: token.startsWith('local-pass:') ? 'action-mismatch' : 'invalid-token', score: 0 };
  },
};
