import { lazy, Suspense } from 'react';
import { Skeleton } from '../../ui/states.js';
import './form-builder.css';

// The builder and dnd-kit are a chunk of their own, loaded on first use.
const FormsScreen = lazy(() => import('./form-builder.js').then((m) => ({ default: m.FormsScreen })));
const FormEditorScreen = lazy(() => import('./form-builder.js').then((m) => ({ default: m.FormEditorScreen })));

/** /config/forms: the list of forms. */
export function FormsRoute() {
  return (
    <Suspense fallback={<Skeleton label="Loading forms" />}>
      <FormsScreen />
    </Suspense>
  );
}

/** /config/forms/new and /config/forms/{id}: the form builder. */
export function FormEditorRoute({ id }: { id: string }) {
  return (
    <Suspense fallback={<Skeleton label="Loading the form builder" />}>
      <FormEditorScreen id={id} />
    </Suspense>
  );
}
