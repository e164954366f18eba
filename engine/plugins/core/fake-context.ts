/**
 * A small scope-stack RenderContext for unit tests of the core plugins, so
 * they run without the executor. Scopes are innermost last; `@index` comes
 * from the innermost scope that sets it.
 */
import { splitPath, walkPath } from '../../values.js';
import type { RenderContext } from '../../plugin-contract.js';

export interface FakeScope {
  node: unknown;
  index?: number;
  vars?: Record<string, unknown>;
}

export interface FakeContext extends RenderContext {
  readonly errors: { code: string; message: string }[];
  readonly applied: { name: string; value: unknown; isolated: boolean | undefined; args: unknown }[];
}

export function fakeContext(root: unknown, ...inner: FakeScope[]): FakeContext {
  const scopes: FakeScope[] = [{ node: root }, ...inner];
  const errors: { code: string; message: string }[] = [];
  const applied: FakeContext['applied'] = [];
  const resolvePath = (path: readonly (string | number)[]): unknown => {
    if (path.length === 0) return undefined;
    const [head] = path;
    for (let i = scopes.length - 1; i >= 0; i--) {
      const scope = scopes[i];
      let start: unknown;
      if (head === '@') start = scope.node;
      else if (head === '@index') start = scope.index;
      else if (head === '@index0') start = scope.index === undefined ? undefined : scope.index - 1;
      else if (typeof head === 'string' && head.startsWith('@')) start = scope.vars?.[head];
      else start = walkPath(scope.node, [head]);
      if (start !== undefined) return walkPath(start, path, 1);
    }
    return undefined;
  };
  return {
    node: scopes[scopes.length - 1].node,
    root,
    locale: 'en-US',
    timeZone: 'America/New_York',
    now: () => 0,
    resolve: (ref) => resolvePath(splitPath(ref)),
    resolvePath,
    error: (code, message) => void errors.push({ code, message }),
    applyPartial(name, value, isolated, args) {
      applied.push({ name, value, isolated, args });
      return `<${name}>`;
    },
    renderTemplate: () => '',
    errors,
    applied,
  };
}
