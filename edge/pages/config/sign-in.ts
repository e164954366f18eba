import type { Context } from 'hono';
import { storeTexts, type StoreTexts } from '../../../domain/languages/store-texts.js';
import type { AppEnv } from '../../env.js';
import { crumbField, html, notice, type Markup } from '../account/html.js';

const ENGLISH = storeTexts();

/**
 * The sign-in form shared by /config/ and /account (it posts to `action`), in the words of
 * `options.texts` (a shopper's account page in another language, issue 29), else English.
 */
export function signInForm(c: Context<AppEnv>, action: string, options: { error?: string; email?: string; info?: string; texts?: StoreTexts } = {}): Markup {
  const t = options.texts ?? ENGLISH;
  return html`<h1>${t.accountSignIn}</h1>
${notice(options.info, 'info')}${notice(options.error)}
<form method="post" action="${action}" class="sign-in-form">
${crumbField(c)}
<p><label>${t.email} <input type="email" name="email" autocomplete="username" required maxlength="256" value="${options.email ?? ''}"></label></p>
<p><label>${t.accountPassword} <input type="password" name="password" autocomplete="current-password" required maxlength="1024"></label></p>
<p><label><input type="checkbox" name="rememberMe" value="true"> ${t.accountRememberMe}</label></p>
<p><button type="submit" class="button">${t.accountSignIn}</button></p>
</form>
<p><a href="/account/reset">${t.accountForgotPassword}</a></p>`;
}
