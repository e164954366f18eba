import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { LazyLightbox as Lightbox } from '../../components/lazy-lightbox.js';
import { VARIANT_IMAGE_EVENT, listen, type VariantImageDetail } from '../../runtime/events.js';
import { imageSrcset, type ImageJson } from '../../runtime/images.js';
import { ASPECT_RATIO_CSS, galleryOptions } from './gallery-options.js';
import { useAutoplay } from './use-autoplay.js';

export interface GalleryProps {
  images: ImageJson[];
  /** SPEC §3 gallery options (design, autoplay, thumbnails, lightbox, ...). */
  options?: Record<string, unknown>;
  /** On a product page: the product whose variant images this gallery shows. */
  itemId?: string;
  /** `sizes` of the main image, as the server markup had it. */
  sizes?: string;
  label?: string;
}

// A horizontal drag longer than this is a swipe.
const SWIPE_PX = 40;
// Moving further than this between press and release is a drag, not a click.
const DRAG_PX = 6;

function Picture({ image, sizes, width, eager }: { image: ImageJson; sizes?: string; width: string; eager?: boolean }) {
  // The image's own proportions (as the server's <img> has them): its box is there before it decodes.
  const [w, h] = image.originalSize?.split('x') ?? [];
  return (
    <img
      src={`${image.assetUrl}?format=${width}`}
      width={w}
      height={h}
      srcSet={imageSrcset(image)}
      sizes={sizes}
      alt={image.altText ?? ''}
      loading={eager ? undefined : 'lazy'}
      draggable={false}
    />
  );
}

/**
 * The four gallery designs of SPEC §3/§4: slideshow (one slide, thumbnails), slider
 * (a strip), grid and stacked. Arrow keys and swipes move between slides, autoplay
 * honours prefers-reduced-motion, and a click opens the lightbox when enabled.
 */
export function Gallery({ images: initial, options: raw, itemId, sizes, label = '' }: GalleryProps) {
  const regionLabel = label ? `${label} gallery` : 'Gallery';
  const options = galleryOptions(raw);
  const [images, setImages] = useState(initial);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [lightboxAt, setLightboxAt] = useState<number | null>(null);
  const dragStart = useRef<number | null>(null);
  // A drag ends in a click on the slide it started on: that click must not open the lightbox.
  const dragged = useRef(false);
  const strip = useRef<HTMLDivElement>(null);
  const count = images.length;

  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count]);
  const next = useCallback(() => setIndex((i) => (i + 1) % Math.max(count, 1)), [count]);
  const autoplaying = useAutoplay(options.autoplay && count > 1 && lightboxAt === null, options.autoplayDurationS, paused, next);

  // SPEC §1: choosing a variant swaps the main image to the variant's image.
  useEffect(() => {
    if (!itemId) return;
    return listen<VariantImageDetail>(VARIANT_IMAGE_EVENT, ({ itemId: from, image }) => {
      if (from !== itemId) return;
      const at = images.findIndex((i) => (image.id && i.id === image.id) || i.assetUrl === image.assetUrl);
      if (at >= 0) return setIndex(at);
      setImages((list) => [image, ...list]);
      setIndex(0);
    });
  }, [itemId, images]);

  // The slider shows every slide in a strip: the current one is scrolled to its centre
  // (within the strip only, so the page itself never jumps).
  useEffect(() => {
    const el = strip.current;
    const active = el?.children[index] as HTMLElement | undefined;
    if (options.design !== 'slider' || !el || !active) return;
    el.scrollTo({ left: active.offsetLeft - (el.clientWidth - active.clientWidth) / 2, behavior: 'smooth' });
  }, [index, options.design]);

  if (count === 0) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    dragStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (dragStart.current === null) return;
    const dx = event.clientX - dragStart.current;
    dragStart.current = null;
    dragged.current = Math.abs(dx) >= DRAG_PX;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? index + 1 : index - 1);
  };
  const open = (at: number) => {
    if (dragged.current) dragged.current = false;
    else if (options.lightbox) setLightboxAt(at);
  };
  const ratio = options.autoCrop ? ASPECT_RATIO_CSS[options.aspectRatio] : undefined;
  const design = options.design;
  const slides = design === 'slideshow' ? [index] : images.map((_, i) => i);

  return (
    <div
      className={`gallery gallery-design-${design}${autoplaying ? ' is-autoplaying' : ''}`}
      role="region"
      aria-roledescription={design === 'grid' || design === 'stacked' ? undefined : 'carousel'}
      aria-label={regionLabel}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      style={{ ['--gallery-padding' as string]: `${options.padding}px`, ['--gallery-columns' as string]: options.thumbnailsPerRow }}
    >
      <div className="gallery-slides" ref={strip} onPointerDown={onPointerDown} onPointerUp={onPointerUp} aria-live={autoplaying ? 'off' : 'polite'}>
        {slides.map((i) => (
          <figure
            key={`${images[i]!.assetUrl}-${i}`}
            className={`gallery-slide${i === index ? ' is-active' : ''}`}
            style={ratio && design !== 'stacked' ? { aspectRatio: ratio } : undefined}
            aria-label={`${i + 1} of ${count}`}
            onClick={() => open(i)}
          >
            <Picture image={images[i]!} sizes={sizes} width="1500w" eager={i === index} />
          </figure>
        ))}
      </div>
      {options.controls && count > 1 && (design === 'slideshow' || design === 'slider') && (
        <div className="gallery-controls">
          <button type="button" className="gallery-prev" aria-label="Previous image" onClick={() => go(index - 1)}>
            ‹
          </button>
          <button type="button" className="gallery-next" aria-label="Next image" onClick={() => go(index + 1)}>
            ›
          </button>
        </div>
      )}
      {options.thumbnails && count > 1 && (
        <ul className="gallery-thumbs" style={{ marginTop: options.thumbnailStripMargin, ['--thumb-height' as string]: `${options.thumbnailStripHeight}px` }}>
          {images.map((image, i) => (
            <li key={`${image.assetUrl}-${i}`}>
              <button type="button" className="gallery-thumb" aria-label={`Show image ${i + 1} of ${count}`} aria-current={i === index ? 'true' : undefined} onClick={() => go(i)}>
                <img src={`${image.assetUrl}?format=300w`} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {lightboxAt !== null && (
        <Lightbox label={regionLabel} theme={options.lightboxTheme} onClose={() => setLightboxAt(null)} className="gallery-lightbox">
          <Picture image={images[lightboxAt]!} width="1500w" eager />
          {count > 1 && (
            <div className="gallery-controls">
              <button type="button" aria-label="Previous image" onClick={() => setLightboxAt((lightboxAt - 1 + count) % count)}>
                ‹
              </button>
              <button type="button" aria-label="Next image" onClick={() => setLightboxAt((lightboxAt + 1) % count)}>
                ›
              </button>
            </div>
          )}
        </Lightbox>
      )}
    </div>
  );
}
