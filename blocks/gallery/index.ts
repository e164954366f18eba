import { z } from 'zod';
import { defineBlock } from '../define.js';
import { sitePathProp } from '../site-path.js';

/** gallery.html */
export const GALLERY_PARTIAL = "<div class=\"block-gallery block-gallery-{props.design|htmlattr}\" style=\"--gallery-columns: {props.thumbnailsPerRow}; --gallery-padding: {props.padding}px\"{.section view.images} data-island=\"gallery\" data-island-load=\"visible\" data-prop-images=\"{@|json|htmlattr}\" data-prop-label=\"{props.label|json|htmlattr}\" data-prop-sizes=\"(max-width: 432px) 100vw, 60vw\" data-props=\"{view.options|json|htmlattr}\"{.end}>{.repeated section view.images}<figure class=\"block-gallery-item\"><img src=\"{assetUrl|htmlattr}\" alt=\"{altText|htmlattr}\" loading=\"lazy\"></figure>{.end}</div>\n";

const image = z.strictObject({
  src: sitePathProp.refine((src) => src !== '', { message: 'Choose an image.' }),
  // SPEC §9: alt text is cut to 250 characters.
  alt: z.string().max(250).default(''),
});

/**
 * A gallery of images: the server draws them as a plain grid, then the existing gallery
 * island (client/islands/gallery) takes over with the SPEC §3 gallery options. Option
 * names are the camelCase of SPEC §3's (`autoplay-duration` is `autoplayDuration`), which
 * the island reads as they are. SPEC §4's design rules (thumbnails only on a slideshow,
 * no autoplay on grid and stacked) are the island's.
 */
export const galleryBlock = defineBlock({
  name: 'gallery',
  code: 8,
  group: 'GALLERY',
  props: z.strictObject({
    images: z.array(image).max(100).default([]),
    label: z.string().max(200).default(''),
    design: z.enum(['slideshow', 'slider', 'grid', 'stacked']).default('grid'),
    autoplay: z.boolean().default(false),
    autoplayDuration: z.number().int().min(1).max(10).default(5),
    controls: z.boolean().default(true),
    autoCrop: z.boolean().default(true),
    aspectRatio: z.enum(['square', 'standard', 'standard-vertical', 'four-three', 'three-four-vertical', 'widescreen', 'anamorphic-widescreen']).default('square'),
    thumbnailStripHeight: z.number().int().min(0).max(200).default(80),
    thumbnailStripMargin: z.number().int().min(0).max(60).default(20),
    thumbnailsPerRow: z.number().int().min(1).max(10).default(4),
    padding: z.number().int().min(0).max(50).default(20),
    activeAlignment: z.enum(['left', 'center', 'right']).default('center'),
    lightbox: z.boolean().default(false),
    lightboxTheme: z.enum(['dark', 'light']).default('dark'),
  }),
  partial: GALLERY_PARTIAL,
  view: ({ images, label: _label, ...options }) => ({
    images: images.map((i) => ({ assetUrl: i.src, altText: i.alt })),
    options,
  }),
});
