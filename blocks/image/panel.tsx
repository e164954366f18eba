import { useState } from 'react';
import { FocalPointPicker } from '../../client/editor/screens/files/file-dialogs.js';
import { FilePickerDialog } from '../../client/editor/screens/files/file-picker.js';
import { OtherFields, type BlockPanelProps } from '../../client/editor/screens/page-editor/panel-kit.js';
import { Button } from '../../client/editor/ui/button.js';
import { TextField } from '../../client/editor/ui/fields.js';

const CENTRE = { x: 0.5, y: 0.5 };

/**
 * The image block's settings: the picture from the file manager (its alt text and focal point
 * come along when the block has none yet), alt text with a reminder while it is empty, and the
 * focal point (click the thumbnail, or arrow keys) that a crop keeps in view; then the other props.
 */
export function ImagePanel({ value, specs, onChange }: BlockPanelProps) {
  const [picking, setPicking] = useState(false);
  const src = String(value.src ?? '');
  const alt = String(value.alt ?? '');
  const focal = (value.focal as { x: number; y: number } | undefined) ?? CENTRE;
  return (
    <div className="pe-fields">
      <div className="pe-image-field">
        {src ? <img className="pe-thumb" src={src} alt="" /> : <p className="pe-muted">No image chosen yet.</p>}
        <Button variant="secondary" onClick={() => setPicking(true)}>
          {src ? 'Replace image' : 'Choose image'}
        </Button>
        <TextField label="Image address" value={src} hint="Chosen from the file manager, or any https:// image." onChange={(e) => onChange({ ...value, src: e.target.value }, 'src')} />
      </div>
      <TextField
        label="Alt text"
        value={alt}
        maxLength={250}
        hint={alt.trim() ? 'Read aloud by screen readers and shown when the image cannot load.' : 'No alt text yet: describe what the image shows for people who cannot see it (leave it empty only for a decorative image).'}
        onChange={(e) => onChange({ ...value, alt: e.target.value }, 'alt')}
      />
      {src ? <FocalPointPicker src={src} point={focal} onChange={(point) => onChange({ ...value, focal: point }, 'focal')} /> : null}
      <OtherFields specs={specs} value={value} onChange={onChange} skip={['src', 'alt', 'focal']} />
      <FilePickerDialog
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(file) => {
          const kept = focal.x !== CENTRE.x || focal.y !== CENTRE.y;
          onChange({ ...value, src: file.url ?? '', alt: alt.trim() ? alt : file.altText, focal: kept ? focal : file.focalPoint }, 'src');
        }}
      />
    </div>
  );
}
