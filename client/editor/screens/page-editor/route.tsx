import { lazy, Suspense } from 'react';
import { Skeleton } from '../../ui/states.js';

// Tiptap, ProseMirror, Zod and the block schemas are a large chunk: only the editor loads it.
const PageEditorScreen = lazy(() => import('./page-editor.js').then((m) => ({ default: m.PageEditorScreen })));

/** /config/pages/{id}/edit: the page editor, loaded on first use. */
export function PageEditorRoute({ id }: { id: string }) {
  return (
    <Suspense fallback={<Skeleton label="Loading the page editor" />}>
      <PageEditorScreen id={id} />
    </Suspense>
  );
}
