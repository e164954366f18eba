import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import type { ImageJson } from '../../runtime/images.js';
import { Gallery } from './gallery.js';

/**
 * `data-island="gallery"`: props `images` (image JSON list), optional `itemId` (variant
 * image swaps of that product), `sizes`, `label`; every other prop is a SPEC §3 gallery
 * option (`data-prop-design="slideshow"`, `data-prop-lightbox="true"`, ...).
 */
const mount: MountIsland = (el, props) => {
  const { images, itemId, sizes, label, ...options } = props;
  const list = Array.isArray(images) ? (images as ImageJson[]).filter((i) => i && typeof i.assetUrl === 'string') : [];
  renderIsland(
    el,
    <Gallery
      images={list}
      options={options}
      itemId={typeof itemId === 'string' ? itemId : undefined}
      sizes={typeof sizes === 'string' ? sizes : undefined}
      label={typeof label === 'string' ? label : undefined}
    />,
  );
};
export default mount;
