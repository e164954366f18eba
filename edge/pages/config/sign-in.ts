import type { Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { crumbField, html, notice, type Markup } from '../account/html.js';

/** The sign-in form shared by /config/ and /account (it posts to `action`). */
export function signInForm(c: Context<AppEnv>, action: string, options: { error?: string; email?: string; info?: string } = {}): Markup {
  return html`<h1>Sign in</h1>
${notice(options.info, 'info')}${notice(options.error)}
<form method="post" action="${action}" class="sign-in-form">
${crumbField(c)}
<p><label>Email <input type="email" name="email" autocomplete="username" required maxlength="256" value="${options.email ?? ''}"></label></p>
<p><label>Password <input type="password" name="password" autocomplete="current-password" required maxlength="1024"></label></p>
<p><label><input type="checkbox" name="rememberMe" value="true"> Keep me signed in for 30 days</label></p>
<p><button type="submit" class="button">Sign in</button></p>
</form>
<p><a href="/account/reset">Forgot your password?</a></p>`;
}
