import { lazy, Suspense } from 'react';
import { Skeleton } from '../../ui/states.js';

// The colour picker and the style rules load only with this screen.
const DesignScreen = lazy(() => import('./design-screen.js').then((m) => ({ default: m.DesignScreen })));

/** /config/design: the site's colours, fonts, buttons and spacing. */
export function DesignRoute() {
  return (
    <Suspense fallback={<Skeleton label="Loading the design screen" />}>
      <DesignScreen />
    </Suspense>
  );
}
