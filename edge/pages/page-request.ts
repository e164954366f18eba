/** What a page builder is given for one request (built in respond.ts, read by every page). */
import type { Db } from '../services/db.js';
import type { PageShell } from '../services/page-shell.js';
import type { SiteRecord } from '../services/websites.js';
import type { Theme } from './theme-templates.js';
import type { PageLanguage } from '../env.js';
import type { TranslationTable } from '../services/multilingual/texts.js';
import type { LayoutPlan } from '../../blocks/layout-plan.js';

/**
 * A block layout of the page, planned instead of rendered, for `atelier dev` to render with the
 * local theme's partials: where its HTML goes, and whether its blocks see the page context.
 */
export interface LocalLayout extends LayoutPlan {
  target: 'siteHeader' | 'siteFooter' | 'collection.mainContent';
  withPage: boolean;
}

/** A refused no-JS post, re-rendered with its values and messages (edge/pages/forms). */
export interface PostedFormState {
  formId: string;
  /** The raw values, shaped as services/forms/plain-post `rawFromPost` reads them. */
  raw: Record<string, unknown>;
  /** Field id -> SPEC §5 message. */
  errors: Record<string, string>;
  /** The SPEC §8 text shown above and below the form. */
  notice: string;
  /** The visitor's crumb: this answer is never cached, so the form may carry it. */
  crumb: string;
}

/** What every page builder gets: the site, the request URL and a fixed "now". */
export interface PageRequest {
  db: Db;
  site: SiteRecord;
  url: URL;
  now: number;
  /** Navigation and theme index, one batched query started with the request. */
  shell: Promise<PageShell>;
  /** The bot-check site key forms render with (edge/services/captcha `activeCaptchaSiteKey`). */
  captchaSiteKey?: string | undefined;
  /** The deployment's bot-check provider (CAPTCHA_PROVIDER), which the form island loads. */
  captchaProvider?: string | undefined;
  /** A refused no-JS form post shown again with its values and messages (edge/pages/forms). */
  postedForm?: PostedFormState;
  /** A signed-in contributor's `?preview`: block pages show their draft (never cached, never indexed). */
  previewDraft?: boolean;
  /** `?preview&revision=N`: that revision of the page instead of its draft (the editor's history). */
  previewRevision?: number | undefined;
  /** A signed-in visitor (their pages bypass the page cache): the header links to 'Your account', not 'Sign in'. */
  signedIn?: boolean;
  /**
   * `?format=json` with `X-Theme-Render: local` (`atelier dev`): the page's block layouts are
   * collected here as plans, and answered to callers who may preview themes (respond.ts).
   */
  localLayouts?: LocalLayout[];
  /** The signed-in visitor's account id: navigation items for a member area show only to its members. */
  siteUserId?: string;
  /** The site's compiled theme, loading while the context is built (absent for JSON). */
  theme?: Promise<Theme>;
  /** A page of an added language (`/fr/...`): `site.locale` is that language for every render. */
  language?: PageLanguage;
  /** That language's published translations (loading while the context is built). */
  translations?: Promise<TranslationTable>;
}
