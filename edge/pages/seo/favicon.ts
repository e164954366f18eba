import type { SiteRecord } from '../../services/websites.js';
import { xmlEscape } from './xml.js';

/**
 * The default favicon: the site title's first letter on the site colour (SPEC §3 HSL),
 * for sites that have not uploaded one.
 */
export function defaultFaviconSvg(site: SiteRecord): string {
  const c = site.colour;
  const fill = c ? `hsl(${Math.round(c.hue)} ${Math.round(c.saturation * 100)}% ${Math.round(c.lightness * 100)}%)` : '#333333';
  const letter = [...site.title.trim()][0]?.toUpperCase() ?? 'A';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${fill}"/><text x="32" y="44" font-family="Georgia, serif" font-size="36" text-anchor="middle" fill="#ffffff">${xmlEscape(letter)}</text></svg>`;
}
