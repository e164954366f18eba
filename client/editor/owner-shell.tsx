import { useState } from 'react';

/** What the server tells the owner shell (JSON in #owner-app's data-props). */
export interface OwnerShellProps {
  email: string;
  /** The screens this user's roles allow, in navigation order. */
  screens: { path: string; label: string }[];
  current: string;
  /** The session's CSRF token, sent as X-CSRF-Token on writes. */
  xsrfToken: string;
}

/**
 * SPEC §7: sign-out is DELETE /api/site-users/account/session, retried once when the
 * answer reports a crumb failure. Resolves when signed out.
 */
export async function signOut(xsrfToken: string, send: typeof fetch = fetch): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await send('/api/site-users/account/session?cloneCart=false', {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { 'X-CSRF-Token': xsrfToken },
    });
    if (res.ok) return;
    const body = (await res.json().catch(() => ({}))) as { crumbFail?: boolean; message?: string };
    if (!body.crumbFail || attempt === 1) throw new Error(body.message ?? 'Something went wrong');
    // A stale token: ask the server for the current one, then try once more.
    const me = (await (await send('/api/site-users/account', { credentials: 'same-origin' })).json()) as { xsrfToken?: string };
    if (!me.xsrfToken) return;
    xsrfToken = me.xsrfToken;
  }
}

/** The owner area's frame: who is signed in, the navigation, sign-out. */
export function OwnerShell({ email, screens, current, xsrfToken }: OwnerShellProps) {
  const [state, setState] = useState<'idle' | 'signing-out' | 'failed'>('idle');
  const onSignOut = () => {
    setState('signing-out');
    signOut(xsrfToken).then(
      () => window.location.assign('/config/'),
      () => setState('failed'),
    );
  };
  const link = (path: string, label: string) => (
    <li key={path}>
      <a href={path} aria-current={current === path ? 'page' : undefined}>
        {label}
      </a>
    </li>
  );
  return (
    <div data-owner-shell data-hydrated="true">
      <header className="owner-header">
        <p>
          Signed in as <strong data-owner-email>{email}</strong>
        </p>
        <button type="button" className="button button-secondary" onClick={onSignOut} disabled={state === 'signing-out'}>
          {state === 'signing-out' ? 'Signing out…' : 'Sign out'}
        </button>
        {state === 'failed' ? <p role="alert">Something went wrong</p> : null}
      </header>
      <nav aria-label="Owner area" className="owner-nav">
        <ul>
          {link('/config/', 'Overview')}
          {screens.map((s) => link(s.path, s.label))}
        </ul>
      </nav>
    </div>
  );
}
