import { describe, expect, it } from 'vitest';
import { isEditorMode } from './page-info.js';

/** A window at `path`, top-level or framed by `parent` (a function: reading a cross-origin parent's location throws). */
function fakeWindow(path: string, parent?: () => { location: { pathname: string } }) {
  const win: { location: { pathname: string }; parent: unknown } = { location: { pathname: path }, parent: undefined };
  win.parent = parent
    ? {
        get location() {
          return parent().location;
        },
      }
    : win;
  return win as unknown as Window;
}

describe('editor mode (SPEC §2: paths containing /config/)', () => {
  it('is the owner area itself', () => {
    expect(isEditorMode(fakeWindow('/config/'))).toBe(true);
    expect(isEditorMode(fakeWindow('/config'))).toBe(true);
    expect(isEditorMode(fakeWindow('/config/pages/p1/edit'))).toBe(true);
    expect(isEditorMode(fakeWindow('/fr/config/traffic'))).toBe(true);
  });

  it("is a page in the page editor's frame, wherever a link took it", () => {
    const editor = () => ({ location: { pathname: '/config/pages/p1/edit' } });
    expect(isEditorMode(fakeWindow('/workshops', editor))).toBe(true);
    expect(isEditorMode(fakeWindow('/cart', editor))).toBe(true);
  });

  it('is not a page visitors open, nor one framed by another page or another site', () => {
    expect(isEditorMode(fakeWindow('/workshops'))).toBe(false);
    expect(isEditorMode(fakeWindow('/configure-your-mug'))).toBe(false);
    expect(isEditorMode(fakeWindow('/shop', () => ({ location: { pathname: '/about' } })))).toBe(false);
    const crossOrigin = () => {
      throw new DOMException('Blocked a frame with origin', 'SecurityError');
    };
    expect(isEditorMode(fakeWindow('/shop', crossOrigin))).toBe(false);
  });
});
