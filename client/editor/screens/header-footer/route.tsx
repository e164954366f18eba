import { lazy, Suspense } from 'react';
import { Skeleton } from '../../ui/states.js';

// The block schemas, their forms and Tiptap are a large chunk: only this screen and the page editor load it.
const HeaderFooterScreen = lazy(() => import('./header-footer-screen.js').then((m) => ({ default: m.HeaderFooterScreen })));

/** /config/header-footer: the site header and footer editor, loaded on first use. */
export function HeaderFooterRoute() {
  return (
    <Suspense fallback={<Skeleton label="Loading the header and footer editor" />}>
      <HeaderFooterScreen />
    </Suspense>
  );
}
