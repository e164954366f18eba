/**
 * Events islands send each other through `document` (each island is its own React root,
 * so they share no React context).
 */
import type { ImageJson } from './images.js';

/** The product form chose a variant with its own image (SPEC §1 variant image swap). */
export const VARIANT_IMAGE_EVENT = 'atelier:variant-image';
export interface VariantImageDetail {
  itemId: string;
  image: ImageJson;
}

export function emit<T>(name: string, detail: T): void {
  document.dispatchEvent(new CustomEvent<T>(name, { detail }));
}

/** Subscribes to a document event; returns the unsubscribe function (for useEffect). */
export function listen<T>(name: string, handler: (detail: T) => void): () => void {
  const wrapped = (event: Event) => handler((event as CustomEvent<T>).detail);
  document.addEventListener(name, wrapped);
  return () => document.removeEventListener(name, wrapped);
}

/** An add succeeded: the cart pill announces it and, from a listing, shows the popover. */
export const ADDED_TO_CART_EVENT = 'atelier:added-to-cart';
export interface AddedToCartDetail {
  itemId: string;
  title: string;
  /** SPEC §4: a success on a listing grid shows the added-item popover. */
  popover: boolean;
}
