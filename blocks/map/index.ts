import { z } from 'zod';
import { defineBlock } from '../define.js';
import { sitePathProp } from '../site-path.js';

/** map.html */
export const MAP_PARTIAL = "<figure class=\"block-map\">{.section view.place}<a class=\"block-map-static\" href=\"{href|htmlattr}\" target=\"_blank\" rel=\"noopener noreferrer\">{.section image}<img src=\"{@|htmlattr}\" alt=\"{props.alt|htmlattr}\" loading=\"lazy\">{.or}<span class=\"block-map-drawn\" aria-hidden=\"true\"><span class=\"block-map-pin\"></span></span>{.end}<span class=\"block-map-open\">Open in {providerName|html}</span></a>{.or}<div class=\"block-map-static\"><span class=\"block-map-drawn\" aria-hidden=\"true\"></span><span class=\"block-map-open\">No location yet</span></div>{.end}{.section props.address}<figcaption>{@|html}</figcaption>{.end}</figure>\n";

const PROVIDERS = { google: 'Google Maps', openstreetmap: 'OpenStreetMap' } as const;
type Provider = keyof typeof PROVIDERS;

/** The provider's page for a place: by coordinates when the block has them, else by address. */
function mapLink(provider: Provider, address: string, lat: number | null, lng: number | null, zoom: number): string | undefined {
  const hasPoint = lat !== null && lng !== null;
  if (!hasPoint && !address.trim()) return undefined;
  if (provider === 'openstreetmap') {
    return hasPoint
      ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${zoom}/${lat}/${lng}`
      : `https://www.openstreetmap.org/search?query=${encodeURIComponent(address.trim())}`;
  }
  const query = hasPoint ? `${lat},${lng}` : address.trim();
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * A map as a static picture (an image of the site's own, e.g. a screenshot of the area,
 * else a drawn map) linking to the place on the map provider. Nothing of the provider
 * loads until the visitor follows the link. The address field is plain text; the places
 * adapter (edge/api/google-maps) is there for an editor that wants to look addresses up.
 */
export const mapBlock = defineBlock({
  name: 'map',
  code: 4,
  group: 'MORE',
  props: z.strictObject({
    address: z.string().max(300).default(''),
    lat: z.number().min(-90).max(90).nullable().default(null),
    lng: z.number().min(-180).max(180).nullable().default(null),
    zoom: z.number().int().min(1).max(20).default(15),
    provider: z.enum(['google', 'openstreetmap']).default('google'),
    image: sitePathProp.default(''),
    // SPEC §9: alt text is cut to 250 characters.
    alt: z.string().max(250).default(''),
  }),
  partial: MAP_PARTIAL,
  view: (props) => {
    const href = mapLink(props.provider, props.address, props.lat, props.lng, props.zoom);
    return { place: href && { href, providerName: PROVIDERS[props.provider], image: props.image || undefined } };
  },
});
