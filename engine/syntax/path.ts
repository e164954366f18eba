/** Dotted references (`a.b.0`) as path segments: the compiler's form of every variable. */

/**
 * Split a dotted reference into path segments; all-digit segments become numbers.
 * @example splitPath('items.0.title') // ['items', 0, 'title']
 */
export function splitPath(ref: string): (string | number)[] {
  if (ref === '') return [];
  const parts = ref.split('.');
  const out: (string | number)[] = new Array(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    out[i] = isDigits(p) ? parseInt(p, 10) : p;
  }
  return out;
}

function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
