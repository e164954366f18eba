import type { RunningWorker } from '../../test-support.js';
import { TestVisitor } from '../forms/test-visitor.js';

/**
 * Set-up shared by the restock HTTP tests: the endpoint, the demo's sold-out Moon Jar
 * variant as its product page renders it, and the sign-up rows of one email.
 */
export const RESTOCK_PATH = '/api/site-users/account/notifications/restock';

export interface SoldOutVariant {
  productId: string;
  variantId: string;
}

/** The Moon Jar's product page HTML and the ids its restock block carries. */
export async function soldOutMoonJar(worker: RunningWorker): Promise<{ html: string; moonJar: SoldOutVariant }> {
  const html = (await new TestVisitor(worker).req('GET', '/shop/moon-jar')).text;
  const m = /class="product-restock-notification" data-product-id="([^"]+)" data-variant-id="([^"]+)"/.exec(html);
  if (!m) throw new Error('the Moon Jar page has no restock block');
  return { html, moonJar: { productId: m[1]!, variantId: m[2]! } };
}

export async function signupsOf(worker: RunningWorker, email: string): Promise<Record<string, unknown>[]> {
  return (await worker.db.prepare('SELECT * FROM restock_signups WHERE email = ?').bind(email).all()).results;
}
