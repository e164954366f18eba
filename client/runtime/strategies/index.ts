import { whenEager } from './eager.js';
import { whenIdle } from './idle.js';
import { whenInteracted } from './interaction.js';
import { whenPopupTriggered } from './popup.js';
import { whenVisible } from './visible.js';

export type Strategy = 'eager' | 'idle' | 'visible' | 'interaction' | 'popup';

/** `data-island-load` of a marker picks one; anything else hydrates when visible. */
export const STRATEGIES: Record<Strategy, (el: HTMLElement, run: () => void) => void> = {
  eager: whenEager,
  idle: whenIdle,
  visible: whenVisible,
  interaction: whenInteracted,
  popup: whenPopupTriggered,
};

export function strategyOf(el: HTMLElement): Strategy {
  const wanted = el.dataset.islandLoad;
  return wanted === 'eager' || wanted === 'idle' || wanted === 'interaction' || wanted === 'popup' ? wanted : 'visible';
}
