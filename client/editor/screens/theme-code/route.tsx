import { lazy, Suspense } from 'react';
import { Skeleton } from '../../ui/states.js';

// The file tree and its editor (CodeMirror, a further chunk) load only with this screen.
const ThemeCodeScreen = lazy(() => import('./theme-code-screen.js').then((m) => ({ default: m.ThemeCodeScreen })));

/** /config/theme-code: the site's theme files in a code editor. */
export function ThemeCodeRoute() {
  return (
    <Suspense fallback={<Skeleton label="Loading the theme code screen" />}>
      <ThemeCodeScreen />
    </Suspense>
  );
}
