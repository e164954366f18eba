import type { Context } from 'hono';
import type { AppEnv } from '../../env.js';
import { loadClientAssetUrls } from '../../files/client-manifest.js';
import { actionButton, html, noindexDocument, type Markup } from '../account/html.js';

/**
 * The platform host's page frame (docs/platform.md): the Atelier header (with the signed-in
 * owner and Sign out), one card of content, the platform stylesheet built from the owner
 * app's tokens (client/platform/platform.css). Never cached, never indexed, no script.
 * `width: 'wide'` for the site list, the starter picker and the mail reader.
 */
export async function platformPage(
  c: Context<AppEnv>,
  title: string,
  body: Markup,
  options: { status?: number; width?: 'narrow' | 'wide' } = {},
): Promise<Response> {
  c.header('Cache-Control', 'no-store');
  const css = (await loadClientAssetUrls(c.env.ASSETS))?.platformCss;
  const owner = c.var.platformOwner;
  return c.html(
    noindexDocument({
      lang: 'en',
      title: `${title} · Atelier`,
      head: html`<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${css ? html`<link rel="stylesheet" href="${css}">` : ''}`,
      bodyClass: 'platform-page',
      body: html`<a class="platform-skip" href="#content">Skip to content</a>
<header class="platform-header">
<a class="platform-brand" href="/">Atelier</a>
${owner ? html`<div class="platform-account"><span>Signed in as <strong data-owner-email>${owner.email}</strong></span>${actionButton(c, '/sign-out', 'Sign out')}</div>` : ''}
</header>
<main id="content" class="platform-main" data-width="${options.width ?? 'narrow'}">
${body}
</main>
<footer class="platform-footer">Atelier: websites and online stores</footer>`,
    }),
    (options.status ?? 200) as 200,
  );
}

/** A labelled input, then its help line (outside the label; the input names it with aria-describedby). */
export function field(label: string, input: Markup, help?: { id: string; text: Markup }): Markup {
  return html`<div class="platform-field"><label>${label} ${input}</label>${help ? html`<p class="platform-help" id="${help.id}">${help.text}</p>` : ''}</div>`;
}
