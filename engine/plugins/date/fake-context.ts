/** A minimal RenderContext for the unit tests of date and i18n formatters. */
import { splitPath, walkPath } from '../../values.js';
import type { RenderContext } from '../../plugin-contract.js';

export interface FakeOptions {
  data?: unknown;
  locale?: string | null;
  timeZone?: string;
  now?: number;
}

/** A context over `data`, recording errors in `errors`. */
export function fakeContext(o: FakeOptions = {}): RenderContext & { errors: string[] } {
  const errors: string[] = [];
  const data = o.data ?? {};
  const resolvePath = (path: readonly (string | number)[]) => walkPath(data, path);
  return {
    errors,
    node: data,
    root: data,
    locale: o.locale === undefined ? 'en-US' : o.locale,
    timeZone: o.timeZone ?? 'America/New_York',
    now: () => o.now ?? 0,
    resolve: (ref) => (ref === '@' ? data : resolvePath(splitPath(ref))),
    resolvePath,
    error: (code, message) => {
      errors.push(`${code}: ${message}`);
    },
    applyPartial: () => '',
    renderTemplate: () => '',
  };
}
