import { describe, expect, it } from 'vitest';
import { acceptMessage, CHANNEL, toEditorMessage, toFrameMessage } from './messages.js';

const ORIGIN = 'https://shop.example';
const frameWindow = { name: 'frame' };
const otherWindow = { name: 'other' };
const from = (data: unknown, origin = ORIGIN, source: unknown = frameWindow) => ({ data, origin, source });
const expectFrame = { origin: ORIGIN, source: frameWindow };

describe('the preview frame protocol', () => {
  it('accepts a well-formed message from the expected origin and window', () => {
    const select = { channel: CHANNEL, type: 'select', target: { kind: 'block', id: 'b1x' } };
    expect(acceptMessage(toEditorMessage, from(select), expectFrame)).toEqual(select);
    const ready = { channel: CHANNEL, type: 'ready', path: '/workshops?preview', sections: ['s1', 's2'] };
    expect(acceptMessage(toEditorMessage, from(ready), expectFrame)).toEqual(ready);
    const patch = { channel: CHANNEL, type: 'patch', seq: 3, order: ['s1'], sections: [{ id: 's1', html: '<section id="section-s1"></section>' }] };
    expect(acceptMessage(toFrameMessage, from(patch), expectFrame)).toEqual(patch);
  });

  it('ignores another origin, another window, or no window to expect', () => {
    const select = { channel: CHANNEL, type: 'select', target: { kind: 'block', id: 'b1' } };
    expect(acceptMessage(toEditorMessage, from(select, 'https://evil.example'), expectFrame)).toBeUndefined();
    expect(acceptMessage(toEditorMessage, from(select, 'null'), expectFrame)).toBeUndefined();
    expect(acceptMessage(toEditorMessage, from(select, ORIGIN, otherWindow), expectFrame)).toBeUndefined();
    expect(acceptMessage(toEditorMessage, from(select, ORIGIN, null), { origin: ORIGIN, source: null })).toBeUndefined();
    expect(acceptMessage(toEditorMessage, from(select, ORIGIN, undefined), { origin: ORIGIN, source: undefined })).toBeUndefined();
  });

  it('ignores anything that is not one of our messages', () => {
    const bad = [
      'select',
      null,
      { type: 'select', target: { kind: 'block', id: 'b1' } },
      { channel: 'someone-else', type: 'select', target: { kind: 'block', id: 'b1' } },
      { channel: CHANNEL, type: 'select', target: { kind: 'block', id: 'b1"><img src=x onerror=alert(1)>' } },
      { channel: CHANNEL, type: 'select', target: { kind: 'page', id: 'b1' } },
      { channel: CHANNEL, type: 'navigate', url: 'https://evil.example' },
      { channel: CHANNEL, type: 'rect', rect: { top: '1', left: 0, width: 0, height: 0 } },
      { channel: CHANNEL, type: 'patched', seq: 1.5, ok: true },
    ];
    for (const data of bad) expect(acceptMessage(toEditorMessage, from(data), expectFrame)).toBeUndefined();
    // A frame-bound message is not an editor-bound one, and the other way round.
    expect(acceptMessage(toEditorMessage, from({ channel: CHANNEL, type: 'patch', seq: 1, order: [], sections: [] }), expectFrame)).toBeUndefined();
    expect(acceptMessage(toFrameMessage, from({ channel: CHANNEL, type: 'ready', path: '/', sections: [] }), expectFrame)).toBeUndefined();
    expect(acceptMessage(toFrameMessage, from({ channel: CHANNEL, type: 'select', target: null }), expectFrame)).toBeUndefined();
    expect(acceptMessage(toFrameMessage, from({ channel: CHANNEL, type: 'select', target: null, scroll: true }), expectFrame)).toEqual({ channel: CHANNEL, type: 'select', target: null, scroll: true });
  });
});
