import { createContext, useContext } from 'react';

/** What every screen may read about the signed-in owner and the site. */
export interface OwnerContextValue {
  email: string;
  siteTitle: string;
  timeZone: string;
}

export const OwnerContext = createContext<OwnerContextValue>({ email: '', siteTitle: '', timeZone: 'UTC' });

export function useOwner(): OwnerContextValue {
  return useContext(OwnerContext);
}
