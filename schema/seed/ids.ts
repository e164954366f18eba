import { sha256HexSync } from './sha256.js';

/**
 * Deterministic 24-hex-digit ids for seeded rows, so every seed of the same fixtures
 * yields the same ids (the seed stays idempotent and tests can name rows).
 * @example demoId('fern-and-kiln', 'item', 'moon-jar') // '5c1e...' (24 hex digits)
 */
export function demoId(...parts: string[]): string {
  return sha256HexSync(parts.join('\u0000')).slice(0, 24);
}

/** SHA-256 hex of a text, used as the templates table's content hash. */
export function contentHash(content: string): string {
  return sha256HexSync(content);
}
