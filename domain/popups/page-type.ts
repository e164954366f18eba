/** Page type of the promo popup overlay (SPEC §2); its census events carry it. */
export const POPUP_PAGE_TYPE = 104;
