/**
 * SPEC §3 popup overlay dismissal state, kept in the visitor's localStorage under
 * `atelier.popup.<websiteId>` (the page hands the key to the popup as `storageKey`) with the keys `date-closed` (epoch ms), `version` (the popup
 * version closed) and `submitted` (true once the visitor signed up or followed the link).
 */
export interface DismissalState {
  'date-closed': number;
  version: number;
  submitted: boolean;
}

export type Frequency = { mode: 'once' } | { mode: 'days'; days: number };

const DAY_MS = 24 * 60 * 60 * 1000;

export function dismissalKey(websiteId: string): string {
  return `atelier.popup.${websiteId}`;
}

/** Reads a stored state; anything unreadable counts as never dismissed. */
export function parseDismissal(text: string | null): DismissalState | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as Partial<DismissalState>;
    if (typeof v['date-closed'] !== 'number' || typeof v.version !== 'number') return undefined;
    return { 'date-closed': v['date-closed'], version: v.version, submitted: v.submitted === true };
  } catch {
    return undefined;
  }
}

/**
 * Whether a popup of `version` may open for a visitor whose dismissal is `state`: a new
 * version always may; a closed one stays closed (`once`) or until `days` have passed; a
 * visitor who submitted is not asked again for that version.
 */
export function mayShow(state: DismissalState | undefined, version: number, frequency: Frequency, now: number): boolean {
  if (!state || state.version !== version) return true;
  if (state.submitted || frequency.mode === 'once') return false;
  return now - state['date-closed'] >= frequency.days * DAY_MS;
}
