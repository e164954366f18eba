import { CART_COUNT_CAP } from '../../../domain/constants/storefront.js';

/** SPEC §2/§9: the pill's count, '100+' above 100. */
export function pillCount(totalQuantity: number): string {
  return totalQuantity > CART_COUNT_CAP ? `${CART_COUNT_CAP}+` : String(totalQuantity);
}
