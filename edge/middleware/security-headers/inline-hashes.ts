/**
 * Inline code the app itself emits, allowed by hash (CSP 'sha256-...') rather than by nonce:
 * a hash depends only on the bytes, so cached HTML stays valid, and nothing per request
 * has to reach the page. inline-hashes.test.ts recomputes each hash from the code that emits
 * it, so a change to that code without a new hash fails the test, not the visitor's page.
 *
 * To allow a new inline `<script>`: add its exact text's hash to INLINE_SCRIPT_HASHES with
 * the file that emits it, and a row in inline-hashes.test.ts. Prefer a file under /client/.
 */
export interface InlineHash {
  /** 'sha256-<base64>' as it appears in the policy (without quotes). */
  hash: string;
  /** Where the inline code comes from. */
  source: string;
}

/** Inline `<script>` elements. None today: island props are `type="application/json"`, which never runs. */
export const INLINE_SCRIPT_HASHES: readonly InlineHash[] = [];

/** Inline `<style>` elements. */
export const INLINE_STYLE_HASHES: readonly InlineHash[] = [
  {
    hash: 'sha256-4QKtYXtI9Jsf2mDfDyIkgp3fMactAxeFTJ0MEI6ATHM=',
    source: 'edge/pages/fallback-pages.ts plainPage (site not found, 503, plain 404 and 500 pages)',
  },
  {
    // The colour picker of the design screen (/config/design) adds its own stylesheet to the
    // document once; its text is fixed per package version (inline-hashes.test.ts reads it).
    hash: 'sha256-I2px+fnpbN4E5+Djrj7aoTIyq9yyREkuVl19f4Sye9A=',
    source: 'react-colorful (client/editor/screens/design/colour-field.tsx)',
  },
];

/** The CSP source expression of each hash: `'sha256-...'`. */
export function hashSources(hashes: readonly InlineHash[]): string[] {
  return hashes.map((h) => `'${h.hash}'`);
}
