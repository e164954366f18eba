// The bytes JavaScript's legacy escape() leaves alone.
const KEEP = /^[A-Za-z0-9@*_+\-./]$/;
const HEX = '0123456789ABCDEF';

const utf8 = new TextEncoder();

/**
 * Percent-encode the UTF-8 bytes of `text`, keeping ASCII letters, digits and
 * `@*_+-./` (what the reference gets from escape() over a UTF-8 byte string).
 * Unlike encodeURIComponent, `+` `/` `@` `*` stay and `!` `'` `(` `)` `~` are encoded.
 *
 * @example urlEncode('“a b”') // '%E2%80%9Ca%20b%E2%80%9D'
 */
export function urlEncode(text: string): string {
  let out = '';
  for (const byte of utf8.encode(text)) {
    const ch = String.fromCharCode(byte);
    out += byte < 0x80 && KEEP.test(ch) ? ch : '%' + HEX[byte >> 4] + HEX[byte & 15];
  }
  return out;
}
