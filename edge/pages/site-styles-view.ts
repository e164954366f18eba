import { fontStylesheets, styleDeclarations } from '../../domain/site-styles/style-css.js';
import { readDraftStyles } from '../services/site-styles/site-styles.js';
import type { PageRequest } from './page-request.js';

/** What the theme's layout emits for the site styles: the custom properties and font stylesheets. */
export interface SiteStylesView {
  declarations: string;
  stylesheets: string[];
}

/**
 * The site styles a page shows (docs/api/site-styles.md): the published ones, or in a
 * contributor's `?preview` the draft; undefined while there is none (the theme's own look).
 */
export async function siteStylesView(req: PageRequest): Promise<SiteStylesView | undefined> {
  const styles = req.previewDraft ? await readDraftStyles(req.db, req.site.id).then((d) => (d.version === 0 ? null : d.styles)) : (await req.shell).siteStyles?.styles;
  return styles ? { declarations: styleDeclarations(styles), stylesheets: fontStylesheets(styles) } : undefined;
}
