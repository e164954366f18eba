import type { PageLink } from '../../edge/services/pages/page-links.js';
import { ownerFetch } from './api.js';

export type { PageLink };

/** The site's published pages (id, title, path): GET /api/owner/page-links (campaigns and popup roles). */
export const loadPageLinks = () => ownerFetch<{ pages: PageLink[] }>('GET', '/api/owner/page-links').then((r) => r.pages);
