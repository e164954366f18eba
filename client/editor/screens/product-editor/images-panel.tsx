import { closestCenter, DndContext, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useSortSensors } from '../../ui/sortable.js';
import { useState } from 'react';
import { Button } from '../../ui/button.js';
import { FilePickerDialog } from '../files/file-picker.js';
import { moveItem, type DraftImage } from './product-draft.js';

/** SPEC-less limit the server keeps too (product-body.ts). */
const MAX_IMAGES = 50;

/**
 * The product's images: add from (or upload through) the file manager's picker, reorder by
 * drag-and-drop or the keyboard (focus a handle, Space, arrow keys, Space), alt text per
 * image, remove. The first image is the main image.
 */
export function ImagesPanel({ images, onChange, errors, disabled }: { images: DraftImage[]; onChange: (next: DraftImage[]) => void; errors: Record<string, string>; disabled: boolean }) {
  const [picking, setPicking] = useState(false);
  const sensors = useSortSensors();
  const name = (id: string | number | undefined) => images.find((i) => i.assetId === id)?.fileName ?? 'the image';
  const position = (id: string | number | undefined) => images.findIndex((i) => i.assetId === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, image ${position(active.id)} of ${images.length}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over position ${position(over.id)}.` : `${name(active.id)} is no longer over a place.`),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} was dropped at position ${position(over.id)}.` : `${name(active.id)} was dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(moveItem(images, images.findIndex((i) => i.assetId === active.id), images.findIndex((i) => i.assetId === over.id)));
  };
  const update = (index: number, patch: Partial<DraftImage>) => onChange(images.map((img, i) => (i === index ? { ...img, ...patch } : img)));
  return (
    <section className="prod-section" aria-labelledby="prod-images-title">
      <h2 id="prod-images-title">Images</h2>
      <p className="prod-muted">The first image is the main image: the product page, store listing and cart show it.</p>
      {errors.images ? <p className="ui-field-error" data-field-error data-path="images" tabIndex={-1}>{errors.images}</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: 'To move an image, press Space, then the arrow keys, and Space again to drop it. Escape cancels.' } }}
      >
        <SortableContext items={images.map((i) => i.assetId)} strategy={rectSortingStrategy}>
          <ol className="prod-images" aria-label="Product images">
            {images.map((image, i) => (
              <ImageCard key={image.assetId} image={image} index={i} disabled={disabled} errors={errors} onAlt={(altText) => update(i, { altText })} onRemove={() => onChange(images.filter((_, j) => j !== i))} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <Button variant="secondary" disabled={disabled || images.length >= MAX_IMAGES} onClick={() => setPicking(true)}>
        Add image
      </Button>
      <FilePickerDialog
        open={picking}
        onClose={() => setPicking(false)}
        title="Choose a product image"
        onPick={(file) => {
          if (images.some((i) => i.assetId === file.id)) return;
          onChange([...images, { assetId: file.id, altText: file.altText, url: file.url ?? file.previewUrl ?? '', fileName: file.fileName }]);
        }}
      />
    </section>
  );
}

function ImageCard({ image, index, disabled, errors, onAlt, onRemove }: { image: DraftImage; index: number; disabled: boolean; errors: Record<string, string>; onAlt: (text: string) => void; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.assetId, disabled });
  const altError = errors[`images.${index}.altText`];
  const assetError = errors[`images.${index}.assetId`];
  return (
    <li ref={setNodeRef} className="prod-image" data-asset-id={image.assetId} data-dragging={isDragging || undefined} style={{ transform: CSS.Translate.toString(transform), transition }}>
      <div className="prod-image-top">
        <button type="button" className="prod-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Drag to reorder ${image.fileName}`}>
          ⠿
        </button>
        <span className="prod-image-pos">{index === 0 ? 'Main image' : `Image ${index + 1}`}</span>
        <button type="button" className="prod-icon" aria-label={`Remove ${image.fileName}`} disabled={disabled} onClick={onRemove}>
          ×
        </button>
      </div>
      <img src={image.url ? `${image.url}${/\.svg$/i.test(image.url) ? '' : '?format=300w'}` : undefined} alt="" />
      <label className="ui-field">
        <span>Alt text for {image.fileName}</span>
        <input value={image.altText} maxLength={250} disabled={disabled} data-path={`images.${index}.altText`} aria-invalid={altError ? true : undefined} onChange={(e) => onAlt(e.currentTarget.value)} />
        {altError ? <small className="ui-field-error" data-field-error>{altError}</small> : null}
        {assetError ? <small className="ui-field-error" data-field-error data-path={`images.${index}.assetId`}>{assetError}</small> : null}
      </label>
    </li>
  );
}
