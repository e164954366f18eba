/**
 * The SPEC §4 add-to-cart button as a state machine: idle -> adding ('Adding…', only while
 * the cart's answer is awaited) -> added ('Added!' from the answer) -> idle; a failure returns
 * to idle after 1 s; 'Select Option' (listing grid) disables the button for 2000 ms.
 * SPEC §9's added-state delays (1 s then 2 s) are kept as the added state's length: 'Added!'
 * is up within the 1 s the SPEC allows after success (at once, not after a longer 'Adding…')
 * and the button is idle again 1 s + 2 s after success, as before.
 */
import { ADDED_DELAY_MS, ADDED_HOLD_MS, ERROR_RESET_MS, SELECT_OPTION_RESET_MS } from '../../domain/constants/storefront.js';
import { MESSAGES } from '../../domain/messages/storefront-messages.js';

export type Phase = 'idle' | 'adding' | 'added' | 'failed' | 'select-option';

/** What follows a phase on its own, and after how long (undefined: stays until an event). */
export const NEXT: Partial<Record<Phase, { to: Phase; afterMs: number }>> = {
  failed: { to: 'idle', afterMs: ERROR_RESET_MS },
  added: { to: 'idle', afterMs: ADDED_DELAY_MS + ADDED_HOLD_MS },
  'select-option': { to: 'idle', afterMs: SELECT_OPTION_RESET_MS },
};

/** Clicks start an add only from idle (SPEC §4: ignored while added). */
export function acceptsClick(phase: Phase, soldOut: boolean): boolean {
  return phase === 'idle' && !soldOut;
}

/** `selectOption`: the listing pause's words in the page's language (English by default). */
export function phaseLabel(phase: Phase, idleLabel: string, soldOut: boolean, selectOption: string = MESSAGES.selectOption): string {
  if (soldOut) return MESSAGES.soldOut;
  if (phase === 'adding') return MESSAGES.adding;
  if (phase === 'added') return MESSAGES.added;
  if (phase === 'select-option') return selectOption;
  return idleLabel;
}

/** Disabled (not just busy): sold out, or the listing's 'Select Option' pause. */
export function phaseDisabled(phase: Phase, soldOut: boolean): boolean {
  return soldOut || phase === 'select-option';
}
