import { useEffect, useState } from 'react';

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Advances the gallery every `seconds` while `enabled`, unless the visitor asked for
 * reduced motion or is hovering or focused inside it (`paused`).
 */
export function useAutoplay(enabled: boolean, seconds: number, paused: boolean, advance: () => void): boolean {
  const [reduced, setReduced] = useState(prefersReducedMotion);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-reduced-motion: reduce)');
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  const running = enabled && !reduced && !paused;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(advance, seconds * 1000);
    return () => clearInterval(timer);
  }, [running, seconds, advance]);
  return running;
}
