import * as z from 'zod/mini';

/**
 * The editor <-> preview frame protocol (docs/owner-app.md "The preview frame protocol").
 * Both windows share one origin; each side accepts a message only when it comes from that
 * origin, from the one window it expects (the frame: its parent; the editor: the frame's
 * window), and parses as one of the messages below. Anything else is ignored.
 */

// Zod probes `new Function` while it builds object schemas; the frame's CSP refuses eval
// (the editor sets the same in zod-jitless.ts). Set before the schemas below are built.
z.config({ jitless: true });

/** Every message carries this, so other postMessage traffic (extensions, islands) is never mistaken for ours. */
export const CHANNEL = 'atelier-page-editor';

const id = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
const target = z.object({ kind: z.enum(['section', 'block']), id });
const rect = z.object({ top: z.number(), left: z.number(), width: z.number(), height: z.number() });
const channel = z.literal(CHANNEL);

/** Editor -> frame. */
export const toFrameMessage = z.discriminatedUnion('type', [
  /** Outline this section or block as selected (null: nothing); `scroll` brings it into view. */
  z.object({ channel, type: z.literal('select'), target: z.nullable(target), scroll: z.boolean() }),
  /** Replace these sections (their server HTML) and put the page's sections in `order`; `seq` is echoed in `patched`. */
  z.object({
    channel,
    type: z.literal('patch'),
    seq: z.number().check(z.int()),
    order: z.array(id).check(z.maxLength(1000)),
    sections: z.array(z.object({ id, html: z.string().check(z.maxLength(2_000_000)) })).check(z.maxLength(1000)),
  }),
]);

/** Frame -> editor. */
export const toEditorMessage = z.discriminatedUnion('type', [
  /** The frame script runs: the frame's path (pathname + search) and the page's section ids, in order. */
  z.object({ channel, type: z.literal('ready'), path: z.string().check(z.maxLength(2083)), sections: z.array(id).check(z.maxLength(1000)) }),
  /** The owner clicked a section or block in the frame. */
  z.object({ channel, type: z.literal('select'), target }),
  /** Where the selected block is in the frame's viewport (CSS px), or null when nothing is selected; sent on select, scroll, resize and patch. */
  z.object({ channel, type: z.literal('rect'), rect: z.nullable(rect) }),
  /** The answer to `patch`: false when the frame could not apply it (the editor then reloads the frame). */
  z.object({ channel, type: z.literal('patched'), seq: z.number().check(z.int()), ok: z.boolean() }),
]);

export type ToFrame = z.infer<typeof toFrameMessage>;
export type ToEditor = z.infer<typeof toEditorMessage>;
export type PreviewTarget = z.infer<typeof target>;
export type FrameRect = z.infer<typeof rect>;

/** The parts of a MessageEvent the checks read. */
export interface IncomingMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

/**
 * The message when `event` comes from `expect.origin` and from the window `expect.source`
 * and parses with `schema`; otherwise undefined (ignored). A missing source window (a frame
 * not loaded yet) accepts nothing.
 */
export function acceptMessage<T>(schema: z.ZodMiniType<T>, event: IncomingMessage, expect: { origin: string; source: unknown }): T | undefined {
  if (event.origin !== expect.origin || !expect.source || event.source !== expect.source) return undefined;
  const parsed = schema.safeParse(event.data);
  return parsed.success ? parsed.data : undefined;
}

/** Sends `message` to `win`, only ever to our own origin (never '*'). */
export function post(win: Pick<Window, 'postMessage'>, message: ToFrame | ToEditor, origin: string): void {
  win.postMessage(message, origin);
}
