import { useEffect, useState } from 'react';
import type { LightboxProps } from './lightbox.js';

type LightboxModule = typeof import('./lightbox.js');

// The lightbox opens only after a click (gallery image, quick view, instalment info): its code,
// with the focus trap, is a chunk of its own fetched on first open, never part of a first load.
let loaded: LightboxModule | undefined;
const load = () => import('./lightbox.js').then((m) => (loaded = m));

/** Starts fetching the lightbox's chunk ahead of opening it (quick view, while its product loads). */
export function preloadLightbox(): void {
  load().catch(() => undefined);
}

/**
 * The SPEC §2 lightbox (components/lightbox.tsx), shown once its chunk is there. Plain state,
 * not React.lazy: a Suspense reveal waits on a timer (React throttles it), which a page whose
 * clock is paused (tests) or busy would hold back.
 */
export function LazyLightbox(props: LightboxProps) {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!module) load().then(setModule, () => undefined);
  }, [module]);
  return module ? <module.Lightbox {...props} /> : null;
}
