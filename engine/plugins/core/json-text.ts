// Keeps `</script>` (and `<!--`, which changes how the script element ends) in JSON
// embedded in a <script> element from closing it; both rewrites are still valid JSON.
const CLOSING_TAG = /<\//g;
const COMMENT_OPEN = /<!--/g;

/**
 * JSON text of a value for embedding in HTML: `</` is written `<\/` (still
 * valid JSON). Missing values give ''. `indent` pretty-prints with that many
 * spaces.
 *
 * @example jsonText('</script>') // '"<\\/script>"'
 */
export function jsonText(value: unknown, indent?: number): string {
  if (value === undefined) return '';
  const text = JSON.stringify(value, undefined, indent);
  return text === undefined ? '' : text.replace(CLOSING_TAG, '<\\/').replace(COMMENT_OPEN, '\\u003c!--');
}
