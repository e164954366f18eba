/**
 * What each island folder exports from `mount.tsx` (DESIGN: Islands): a function that
 * takes over the server-rendered marker element with the island's props.
 */
export type MountIsland = (el: HTMLElement, props: Record<string, unknown>) => void;

export interface IslandModule {
  default: MountIsland;
}

/** Fired on `document` when an island failed to load or mount (the error reporter listens). */
export const ISLAND_ERROR_EVENT = 'atelier:island-error';
