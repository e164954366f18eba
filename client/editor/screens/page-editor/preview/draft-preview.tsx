import { useEffect, useRef, useState } from 'react';
import type { PageLayout } from '../../../../../blocks/layout-schema.js';
import { labelOf } from '../schema-fields.js';
import agentUrl from './frame-agent.ts?worker&url';
import { acceptMessage, CHANNEL, type FrameRect, post, toEditorMessage, type PreviewTarget } from './messages.js';
import { type PreviewSnapshot, planPatch, snapshotOf } from './patch.js';
import { BlockToolbar } from './block-toolbar.js';
import { type Selection, selectionOf, targetOf } from './selection.js';

interface DraftPreviewProps {
  /** `{page.url}?preview`: the worker's render of the draft. */
  src: string;
  /** The draft version shown (data-preview-version). */
  version: number;
  /** Counts the saves (use-page-draft.ts): each one patches the frame. */
  savedCount: number;
  /** A save is on its way: a render fetched now may be either version. */
  saving: boolean;
  layout: PageLayout;
  selected: Selection;
  onSelect: (s: Selection) => void;
  change: (next: PageLayout) => void;
}

const key = (t: PreviewTarget | null) => (t ? `${t.kind}:${t.id}` : '');

/**
 * The preview frame of the draft with the editor's overlay (docs/owner-app.md, "The preview
 * frame protocol"): after each load the frame script (frame-agent.ts) is appended to the
 * frame's document; selection crosses by postMessage both ways; after each save the new
 * render is fetched and only the changed sections are patched in (a full reload when the
 * head, the shell or an island section changed). The selected block's toolbar sits over the frame.
 */
export function DraftPreview({ src, version, savedCount, saving, layout, selected, onSelect, change }: DraftPreviewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [reloads, setReloads] = useState(0);
  const [ready, setReady] = useState(0);
  const [away, setAway] = useState<string | undefined>();
  const [rect, setRect] = useState<FrameRect | null>(null);
  const props = useRef({ savedCount, saving, layout, selected, onSelect });
  props.current = { savedCount, saving, layout, selected, onSelect };
  const run = useRef({
    gen: 0,
    ready: false,
    baseline: undefined as PreviewSnapshot | undefined,
    loadedAt: saving ? -1 : savedCount,
    seq: 0,
    pending: new Map<number, (ok: boolean) => void>(),
    queue: Promise.resolve(),
    fromFrame: '',
    seenSaves: savedCount,
    away: false,
  }).current;

  const enqueue = (task: () => Promise<void>) => {
    run.queue = run.queue.then(task).catch(() => undefined);
  };
  const newDocument = () => {
    run.gen++;
    run.ready = false;
    run.baseline = undefined;
    for (const resolve of run.pending.values()) resolve(false);
    run.pending.clear();
    setRect(null);
  };
  const reload = () => {
    newDocument();
    run.loadedAt = props.current.saving ? -1 : props.current.savedCount;
    run.away = false;
    setAway(undefined);
    setReloads((n) => n + 1);
  };
  const fetchSnapshot = async () => {
    const res = await fetch(src, { credentials: 'same-origin', cache: 'no-store' });
    if (!res.ok) throw new Error(`preview ${res.status}`);
    return snapshotOf(new DOMParser().parseFromString(await res.text(), 'text/html'));
  };
  const sendToFrame = (message: Parameters<typeof post>[1]) => {
    const win = frame.current?.contentWindow;
    if (win) post(win, message, location.origin);
  };

  // The frame's messages: only from our origin and from the frame's own window.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = acceptMessage(toEditorMessage, event, { origin: location.origin, source: frame.current?.contentWindow });
      if (!message) return;
      if (message.type === 'ready') {
        const home = new URL(src, location.href);
        run.away = message.path !== home.pathname + home.search;
        if (run.away) {
          setAway(message.path);
          return;
        }
        setAway(undefined);
        run.ready = true;
        setReady((n) => n + 1);
        // What the frame shows, fetched once: trusted only when no save happened since the load began.
        const gen = run.gen;
        enqueue(async () => {
          if (run.baseline || run.loadedAt < 0 || props.current.saving || props.current.savedCount !== run.loadedAt) return;
          const snapshot = await fetchSnapshot();
          if (gen === run.gen && !props.current.saving && props.current.savedCount === run.loadedAt) run.baseline = snapshot;
        });
      } else if (message.type === 'select') {
        const next = selectionOf(props.current.layout, message.target);
        if (!next) return;
        run.fromFrame = key(message.target);
        props.current.onSelect(next);
      } else if (message.type === 'rect') setRect(message.rect);
      else {
        run.pending.get(message.seq)?.(message.ok);
        run.pending.delete(message.seq);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [src, run]);

  // After each save: the new render, patched in section by section where possible.
  useEffect(() => {
    if (savedCount === run.seenSaves) return;
    run.seenSaves = savedCount;
    enqueue(async () => {
      const gen = run.gen;
      if (!run.ready) {
        // Still loading (it may show either version), or away on another page of the site.
        if (!run.away) reload();
        return;
      }
      const next = await fetchSnapshot();
      if (gen !== run.gen) return;
      const plan = planPatch(run.baseline, next);
      if (plan.kind === 'none') run.baseline = next;
      else if (plan.kind === 'reload') reload();
      else {
        const seq = ++run.seq;
        const answered = new Promise<boolean>((resolve) => run.pending.set(seq, resolve));
        sendToFrame({ channel: CHANNEL, type: 'patch', seq, order: plan.order, sections: plan.sections });
        const ok = await answered;
        if (gen !== run.gen) return;
        if (ok) run.baseline = next;
        else reload();
      }
    });
  }, [savedCount]);

  // The editor's selection, shown in the frame; scrolled into view unless the frame chose it.
  const target = targetOf(layout, selected);
  const targetKey = key(target);
  useEffect(() => {
    if (!run.ready) return;
    const scroll = targetKey !== run.fromFrame;
    run.fromFrame = '';
    sendToFrame({ channel: CHANNEL, type: 'select', target, scroll });
  }, [targetKey, ready]);

  const onLoad = () => {
    newDocument();
    const doc = frame.current?.contentDocument;
    if (!doc?.head) return;
    const script = doc.createElement('script');
    script.src = agentUrl;
    doc.head.append(script);
  };

  const section = selected ? layout.sections[selected.section] : undefined;
  const b = selected?.block;
  const block = b !== undefined ? section?.blocks[b] : undefined;
  const { top, left } = toolbarPlace(frame.current, rect);
  return (
    <div className="pe-frame-wrap">
      {away !== undefined ? (
        <p className="pe-notice pe-previewing" role="status">
          The preview shows {away}. <button type="button" className="pe-link" onClick={reload}>Back to the page</button>
        </p>
      ) : null}
      <iframe
        ref={frame}
        key={reloads}
        title="Preview of the draft"
        src={src}
        className="pe-frame"
        data-preview-version={version}
        data-preview-reloads={reloads}
        onLoad={onLoad}
      />
      {section && block && b !== undefined && away === undefined ? (
        <BlockToolbar
          name={`${labelOf(block.type)} ${b + 1}`}
          layout={layout}
          at={{ section: selected!.section, block: b }}
          change={change}
          onSelect={onSelect}
          style={{ top, left }}
        />
      ) : null}
    </div>
  );
}

const TOOLBAR_HEIGHT = 40;
const TOOLBAR_WIDTH = 380;

/**
 * Where the toolbar goes in the frame's wrapper: just above the block, or just below it when
 * the block touches the frame's top (never over the block, so a click on it reaches the frame),
 * kept inside the frame; the frame's top left corner until the frame reports the block. The
 * device frames are scaled to fit the pane (grid/devices.tsx), so the frame's own coordinates
 * are scaled by the frame's drawn size over its layout size.
 */
function toolbarPlace(el: HTMLIFrameElement | null, rect: FrameRect | null): { top: number; left: number } {
  if (!el) return { top: 0, left: 0 };
  const box = el.getBoundingClientRect();
  const wrap = el.parentElement?.getBoundingClientRect() ?? box;
  const x0 = box.left - wrap.left;
  const y0 = box.top - wrap.top;
  if (!rect) return { top: y0, left: x0 };
  const scale = el.offsetWidth > 0 ? box.width / el.offsetWidth : 1;
  const top = rect.top * scale;
  const above = top - TOOLBAR_HEIGHT;
  const y = above >= 0 ? above : top + rect.height * scale + 4;
  return {
    top: y0 + Math.max(0, Math.min(y, box.height - TOOLBAR_HEIGHT)),
    left: x0 + Math.max(0, Math.min(rect.left * scale, box.width - TOOLBAR_WIDTH)),
  };
}
