import { useState } from 'react';
import { FilePickerDialog } from '../../client/editor/screens/files/file-picker.js';
import { OtherFields, type BlockPanelProps } from '../../client/editor/screens/page-editor/panel-kit.js';
import { Button } from '../../client/editor/ui/button.js';
import { TextField } from '../../client/editor/ui/fields.js';

interface GalleryImage {
  src: string;
  alt: string;
}
type Design = 'slideshow' | 'slider' | 'grid' | 'stacked';

/**
 * The SPEC §3 options that mean something for each design, after SPEC §4's rules: only a
 * slideshow has thumbnails (their strip's height and margin); grid and stacked never autoplay;
 * arrows (controls) belong to the slideshow and the slider; a stacked gallery is not cropped.
 */
export function hiddenOptions(props: Record<string, unknown>): string[] {
  const design = (props.design as Design | undefined) ?? 'grid';
  const hidden: string[] = ['images'];
  if (design !== 'slideshow') hidden.push('thumbnailStripHeight', 'thumbnailStripMargin');
  if (design === 'grid' || design === 'stacked') hidden.push('autoplay', 'autoplayDuration', 'controls');
  else if (props.autoplay !== true) hidden.push('autoplayDuration');
  if (design !== 'grid') hidden.push('thumbnailsPerRow');
  if (design !== 'slider') hidden.push('activeAlignment');
  if (design === 'stacked') hidden.push('autoCrop', 'aspectRatio');
  else if (props.autoCrop === false) hidden.push('aspectRatio');
  if (props.lightbox !== true) hidden.push('lightboxTheme');
  return hidden;
}

/** SPEC §4: choosing grid or stacked turns autoplay off. */
export function withDesignRules(props: Record<string, unknown>): Record<string, unknown> {
  return props.design === 'grid' || props.design === 'stacked' ? { ...props, autoplay: false } : props;
}

/**
 * The gallery block's settings: its images (added from the file manager, each with its alt
 * text, moved up and down, removed), then the gallery options its design uses.
 */
export function GalleryPanel({ value, specs, onChange }: BlockPanelProps) {
  const [picking, setPicking] = useState(false);
  const images = Array.isArray(value.images) ? (value.images as GalleryImage[]) : [];
  const setImages = (next: GalleryImage[]) => onChange({ ...value, images: next }, 'images');
  const move = (i: number, by: -1 | 1) => {
    const next = [...images];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    setImages(next);
  };
  return (
    <div className="pe-fields">
      <fieldset className="pe-rows">
        <legend>Images</legend>
        {images.length === 0 ? <p className="pe-muted">No images yet.</p> : null}
        <ol className="pe-gallery-items">
          {images.map((image, i) => (
            <li key={`${i}:${image.src}`} className="pe-gallery-item">
              <img src={image.src} alt="" />
              <TextField
                label={`Alt text of image ${i + 1}`}
                value={image.alt}
                maxLength={250}
                hint={image.alt.trim() ? undefined : 'Describe the picture for people who cannot see it.'}
                onChange={(e) => onChange({ ...value, images: images.map((x, j) => (j === i ? { ...x, alt: e.target.value } : x)) }, `images.${i}.alt`)}
              />
              <div className="pe-gallery-tools">
                <button type="button" className="pe-icon" aria-label={`Move image ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>↑</button>
                <button type="button" className="pe-icon" aria-label={`Move image ${i + 1} down`} disabled={i === images.length - 1} onClick={() => move(i, 1)}>↓</button>
                <button type="button" className="pe-icon" aria-label={`Remove image ${i + 1}`} onClick={() => setImages(images.filter((_, j) => j !== i))}>✕</button>
              </div>
            </li>
          ))}
        </ol>
        <Button variant="secondary" disabled={images.length >= 100} onClick={() => setPicking(true)}>Add image</Button>
      </fieldset>
      <OtherFields specs={specs} value={value} onChange={(next, key) => onChange(key === 'design' ? withDesignRules(next) : next, key)} skip={hiddenOptions(value)} />
      <FilePickerDialog open={picking} onClose={() => setPicking(false)} onPick={(file) => setImages([...images, { src: file.url ?? '', alt: file.altText }])} />
    </div>
  );
}
