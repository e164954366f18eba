import { lazy, Suspense, useState } from 'react';
import { Skeleton } from '../../ui/states.js';
import { loadPageEarly } from './page-api.js';
// In the owner stylesheet (about 1 KB gzip), not the chunk's: a lazy chunk's CSS is fetched
// before its script, one more round trip before the editor can draw.
import './page-editor.css';

// Tiptap, ProseMirror, Zod and the block schemas are a large chunk: only the editor loads it.
const PageEditorScreen = lazy(() => import('./page-editor.js').then((m) => ({ default: m.PageEditorScreen })));

/** /config/pages/{id}/edit: the page editor, loaded on first use. */
export function PageEditorRoute({ id }: { id: string }) {
  // The page's data loads alongside the chunk rather than after it (once per opening).
  useState(() => loadPageEarly(id));
  return (
    <Suspense fallback={<Skeleton label="Loading the page editor" />}>
      <PageEditorScreen id={id} />
    </Suspense>
  );
}
