import { lazy, Suspense } from 'react';
import type { RichTextNode } from '../../../../blocks/text/rich-text-schema.js';
import type { LinkPageSource } from './rich-text/link-dialog.js';

// Tiptap and ProseMirror are a chunk of their own, loaded when a block with rich text is first edited.
const RichTextEditor = lazy(() => import('./rich-text/rich-text-editor.js'));

/** A block's rich text prop: the editor of rich-text/, loaded on first use. */
export function RichTextField({ label, value, onChange, linkPages }: { label: string; value: RichTextNode; onChange: (doc: RichTextNode) => void; linkPages?: LinkPageSource }) {
  return (
    <Suspense fallback={<p className="pe-muted" role="status">Loading the text editor…</p>}>
      <RichTextEditor label={label} value={value} onChange={onChange} linkPages={linkPages} />
    </Suspense>
  );
}
