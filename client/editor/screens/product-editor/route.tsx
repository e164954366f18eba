import { lazy, Suspense } from 'react';
import { useLocation } from '../../router.js';
import { Skeleton } from '../../ui/states.js';
import './product-editor.css';

// The editor, dnd-kit and the rich text editor's loader are a chunk of their own.
const ProductEditorScreen = lazy(() => import('./product-editor.js').then((m) => ({ default: m.ProductEditorScreen })));

/** /config/products/new?collectionId=…&type=… and /config/products/{id}: the product editor, loaded on first use. */
export function ProductEditorRoute({ id }: { id: string | undefined }) {
  const { search } = useLocation();
  return (
    <Suspense fallback={<Skeleton label="Loading the product editor" />}>
      <ProductEditorScreen id={id} search={search} />
    </Suspense>
  );
}
