import { ApiError } from '../../errors.js';
import { assertJsonDepth } from '../../lib/json-depth.js';
import { CART_MESSAGES } from '../../../domain/messages/cart-messages.js';
import { sha256Hex } from './tokens.js';

/** JSON with object keys sorted, so equal answers give equal text (and equal line keys). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * SPEC §7 sends additionalFields as JSON text; an object (or null) is taken too. Returns
 * canonical JSON text, or null when there are none.
 */
export function normaliseAdditionalFields(input: string | Record<string, unknown> | null | undefined): string | null {
  if (input === null || input === undefined || input === '') return null;
  let value: unknown = input;
  if (typeof input === 'string') {
    // JSON inside the JSON body: bounded like the body itself (issue 33, finding 4).
    assertJsonDepth(input, 'additionalFields');
    try {
      value = JSON.parse(input);
    } catch {
      throw new ApiError(400, 'invalid_request', CART_MESSAGES.additionalFieldsJson, { fields: { additionalFields: CART_MESSAGES.additionalFieldsJson } });
    }
  }
  if (value === null) return null;
  return JSON.stringify(canonical(value));
}

/** The identity of a cart line: the same item, variant and answers add up on one entry. */
export function lineKey(itemId: string, sku: string | null, fields: string | null): Promise<string> {
  return sha256Hex(JSON.stringify([itemId, sku, fields]));
}

export function parseStoredFields(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}
