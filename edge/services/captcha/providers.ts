import type { CaptchaAction } from '../../../domain/forms/captcha-actions.js';
import type { CaptchaVerdict, CaptchaVerifier } from './verifier.js';

export interface RecaptchaEnterpriseOptions {
  projectId: string;
  apiKey: string;
  siteKey: string;
  /** Scores below this are suspect (reCAPTCHA v3 scores run 0.0 bot .. 1.0 person). */
  minScore: number;
  /** Base URL of the API; a local server in tests. */
  endpoint?: string;
  fetcher?: typeof fetch;
}

/**
 * reCAPTCHA Enterprise v3: one assessment per token (projects.assessments.create).
 * A token passes when valid, minted for the expected action, and scored at least minScore.
 */
export function recaptchaEnterpriseVerifier(o: RecaptchaEnterpriseOptions): CaptchaVerifier {
  const base = o.endpoint ?? 'https://recaptchaenterprise.googleapis.com';
  const doFetch = o.fetcher ?? fetch;
  return {
    async verify(token: string, action: CaptchaAction, remoteIp: string): Promise<CaptchaVerdict> {
      const url = `${base}/v1/projects/${encodeURIComponent(o.projectId)}/assessments?key=${encodeURIComponent(o.apiKey)}`;
      const body = { event: { token, siteKey: o.siteKey, expectedAction: action, userIpAddress: remoteIp || undefined } };
      try {
        const res = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (!res.ok) return { ok: false, reason: `provider-status-${res.status}` };
        const data = (await res.json()) as {
          tokenProperties?: { valid?: boolean; action?: string; invalidReason?: string };
          riskAnalysis?: { score?: number };
        };
        const props = data.tokenProperties ?? {};
        const score = data.riskAnalysis?.score ?? 0;
        if (!props.valid) return { ok: false, reason: (props.invalidReason ?? 'invalid').toLowerCase(), score };
        if (props.action !== action) return { ok: false, reason: 'action-mismatch', score };
        return score >= o.minScore ? { ok: true, score } : { ok: false, reason: 'low-score', score };
      } catch (err) {
        return { ok: false, reason: `provider-unreachable: ${String(err)}` };
      }
    },
  };
}

export interface TurnstileOptions {
  secret: string;
  endpoint?: string;
  fetcher?: typeof fetch;
}

/** Cloudflare Turnstile: siteverify with the secret; the action must match when the widget set one. */
export function turnstileVerifier(o: TurnstileOptions): CaptchaVerifier {
  const url = `${o.endpoint ?? 'https://challenges.cloudflare.com'}/turnstile/v0/siteverify`;
  const doFetch = o.fetcher ?? fetch;
  return {
    async verify(token: string, action: CaptchaAction, remoteIp: string): Promise<CaptchaVerdict> {
      const form = new URLSearchParams({ secret: o.secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const res = await doFetch(url, { method: 'POST', body: form });
        if (!res.ok) return { ok: false, reason: `provider-status-${res.status}` };
        const data = (await res.json()) as { success?: boolean; action?: string; 'error-codes'?: string[] };
        if (!data.success) return { ok: false, reason: (data['error-codes'] ?? ['invalid']).join(',') };
        if (data.action && data.action !== action) return { ok: false, reason: 'action-mismatch' };
        return { ok: true };
      } catch (err) {
        return { ok: false, reason: `provider-unreachable: ${String(err)}` };
      }
    },
  };
}
