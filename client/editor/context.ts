import { createContext, useContext } from 'react';

/** What every screen may read about the signed-in owner and the site. */
export interface OwnerContextValue {
  email: string;
  siteTitle: string;
  timeZone: string;
  /** The site's id (SPEC §7 content-service paths name it). */
  websiteId?: string;
  /** True when the roles may change the site's navigation (permission `siteLayout`). */
  siteLayout?: boolean;
  /** The site's locale (BCP 47): amounts the owner types and reads use its number format. */
  locale?: string;
}

export const OwnerContext = createContext<OwnerContextValue>({ email: '', siteTitle: '', timeZone: 'UTC' });

export function useOwner(): OwnerContextValue {
  return useContext(OwnerContext);
}
