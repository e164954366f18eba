/** Hydrate now: the cart pill and add-to-cart buttons must work at first click. */
export function whenEager(_el: HTMLElement, run: () => void): void {
  run();
}
