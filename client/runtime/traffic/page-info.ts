/**
 * What the traffic runtime knows about the page, from the layout's `<body>` attributes
 * (data-page-type, data-website-id, data-item-id, data-collection-id, data-census) and
 * the location. Cached HTML holds only per-page facts here, never per-visitor ones.
 */
export interface CensusPageSettings {
  disabled?: boolean;
  restrictive?: boolean;
  pixelTagId?: string;
}

export interface PageInfo {
  pagePath: string;
  pageType: number | null;
  websiteId: string | null;
  itemId: string | null;
  collectionId: string | null;
  census: CensusPageSettings;
}

function parseSettings(text: string | undefined): CensusPageSettings {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as CensusPageSettings) : {};
  } catch {
    return {};
  }
}

export function readPageInfo(doc: Document = document, loc: Location = location): PageInfo {
  const data = doc.body?.dataset ?? {};
  const pageType = data['pageType'] !== undefined && /^\d+$/.test(data['pageType']) ? Number(data['pageType']) : null;
  return {
    pagePath: (loc.pathname + loc.search).slice(0, 2083),
    pageType,
    websiteId: data['websiteId'] || null,
    itemId: data['itemId'] || null,
    collectionId: data['collectionId'] || null,
    census: parseSettings(data['census']),
  };
}

/** SPEC §2: a path containing /config/ (the owner area) is editor mode. */
function isEditorPath(pathname: string): boolean {
  return pathname.includes('/config/') || pathname === '/config';
}

/**
 * Editor mode (SPEC §2), where nothing is recorded as visitor traffic: a page under /config/,
 * or a page shown in a frame of one (the page editor's preview, and wherever a link in it
 * leads, e.g. the cart). A cross-origin parent cannot be read and is not the editor.
 */
export function isEditorMode(win: Pick<Window, 'location' | 'parent'> = window): boolean {
  if (isEditorPath(win.location.pathname)) return true;
  if (win.parent === win) return false;
  try {
    return isEditorPath(win.parent.location.pathname);
  } catch {
    return false;
  }
}

/** A cookie's value as scripts see it, or undefined. */
export function readCookie(name: string, doc: Document = document): string | undefined {
  for (const part of doc.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The visitor asked not to be tracked across visits (Global Privacy Control). */
export function hasPrivacySignal(nav: Navigator = navigator): boolean {
  return (nav as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}
