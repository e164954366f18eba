import { useEditorState, type Editor } from '@tiptap/react';
import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { ParagraphSize, TextAlign } from '../../../../../blocks/text/rich-text-schema.js';
import { indent, setAlign } from './extensions.js';

const SIZE_LABELS: Record<ParagraphSize, string> = { small: 'Small', normal: 'Normal', large: 'Large', xlarge: 'Extra large' };
const ALIGN_LABELS: Record<TextAlign, string> = { left: 'Align left', center: 'Align center', right: 'Align right', justify: 'Justify' };
const ALIGN_KEYS: Record<TextAlign, string> = { left: 'L', center: 'E', right: 'R', justify: 'J' };

/** The text style select's value for the block at the cursor: `h1`…`h6` or `p-<size>`. */
function styleOf(editor: Editor): string {
  for (let level = 1; level <= 6; level++) if (editor.isActive('heading', { level })) return `h${level}`;
  const size = (editor.getAttributes('paragraph').size as ParagraphSize | null) ?? 'normal';
  return editor.isActive('paragraph') ? `p-${size}` : '';
}

/** Sets the text style, keeping the block's alignment and indent. */
function applyStyle(editor: Editor, value: string): void {
  const current = editor.isActive('heading') ? editor.getAttributes('heading') : editor.getAttributes('paragraph');
  const keep = { textAlign: current.textAlign ?? null, indent: current.indent ?? 0 };
  const chain = editor.chain().focus();
  if (value.startsWith('h')) chain.setNode('heading', { ...keep, level: Number(value.slice(1)) }).run();
  else chain.setNode('paragraph', { ...keep, size: value === 'p-normal' ? null : value.slice(2) }).run();
}

const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? 'Cmd' : 'Ctrl';

/**
 * The formatting toolbar (role toolbar): every control is a labelled button or select with
 * its shortcut in the title and aria-keyshortcuts; toggles say their state with aria-pressed.
 * Left and right arrows move between the controls, Home and End to the first and last.
 */
export function Toolbar({ editor, onLink }: { editor: Editor; onLink: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      style: styleOf(e),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      align: ((e.getAttributes('heading').textAlign ?? e.getAttributes('paragraph').textAlign ?? 'left') as TextAlign),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  // A click on a tool leaves the focus (and the selection) in the text: what is typed right
  // after it goes into the text, not to the button (Tiptap's focus() waits for a frame).
  const keepEditorFocus = (e: MouseEvent) => e.preventDefault();
  const toggle = (label: string, pressed: boolean, run: () => void, keys: string, face: ReactNode = label) => (
    <button type="button" className="pe-tool" aria-pressed={pressed} aria-label={label} title={`${label} (${keys.replace(/Mod/g, mod)})`} aria-keyshortcuts={keys.replace(/Mod/g, 'Control')} onMouseDown={keepEditorFocus} onClick={run}>
      {face}
    </button>
  );
  const action = (label: string, run: () => void, keys: string, disabled = false, face: ReactNode = label) => (
    <button type="button" className="pe-tool" aria-label={label} title={`${label} (${keys.replace(/Mod/g, mod)})`} aria-keyshortcuts={keys.replace(/Mod/g, 'Control')} onMouseDown={keepEditorFocus} disabled={disabled} onClick={run}>
      {face}
    </button>
  );
  // One tab stop for the buttons (roving tabindex: the last one focused, else the first), arrows
  // move along them; the style select is a stop of its own (its arrows change its value).
  const bar = useRef<HTMLDivElement>(null);
  const current = useRef(0);
  const buttonsOf = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLElement>('button:not(:disabled)'));
  const rove = (root: HTMLElement, at: number) => {
    const buttons = buttonsOf(root);
    current.current = Math.max(0, Math.min(at, buttons.length - 1));
    buttons.forEach((b, i) => (b.tabIndex = i === current.current ? 0 : -1));
    return buttons[current.current];
  };
  useLayoutEffect(() => {
    if (bar.current) rove(bar.current, current.current);
  });
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const at = buttonsOf(e.currentTarget).indexOf(e.target as HTMLElement);
    if (at >= 0) rove(e.currentTarget, at);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key) || (e.target as HTMLElement).localName === 'select') return;
    const buttons = buttonsOf(e.currentTarget);
    const at = buttons.indexOf(e.target as HTMLElement);
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? buttons.length - 1 : (at + (e.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
    rove(e.currentTarget, next)?.focus();
    e.preventDefault();
  };
  return (
    <div ref={bar} className="pe-richtext-tools" role="toolbar" aria-label="Text formatting" onKeyDown={onKeyDown} onFocus={onFocus}>
      <label className="pe-rt-style">
        <span className="pe-rt-sr">Text style</span>
        <select value={state.style} onChange={(e) => applyStyle(editor, e.target.value)} title="Text style">
          {state.style === '' ? <option value="">—</option> : null}
          {[1, 2, 3, 4, 5, 6].map((level) => (
            <option key={level} value={`h${level}`}>Heading {level}</option>
          ))}
          {(Object.keys(SIZE_LABELS) as ParagraphSize[]).map((size) => (
            <option key={size} value={`p-${size}`}>Paragraph: {SIZE_LABELS[size]}</option>
          ))}
        </select>
      </label>
      <span className="pe-rt-group">
        {toggle('Bold', state.bold, () => chain().toggleBold().run(), 'Mod+B', <b>B</b>)}
        {toggle('Italic', state.italic, () => chain().toggleItalic().run(), 'Mod+I', <i>I</i>)}
        {toggle('Underline', state.underline, () => chain().toggleUnderline().run(), 'Mod+U', <u>U</u>)}
        {toggle('Strikethrough', state.strike, () => chain().toggleStrike().run(), 'Mod+Shift+S', <s>S</s>)}
        {toggle('Inline code', state.code, () => chain().toggleCode().run(), 'Mod+E', <code aria-hidden="true">{'<>'}</code>)}
        {toggle('Link', state.link, onLink, 'Mod+K', 'Link')}
      </span>
      <span className="pe-rt-group">
        {toggle('Bulleted list', state.bulletList, () => chain().toggleBulletList().run(), 'Mod+Shift+8')}
        {toggle('Numbered list', state.orderedList, () => chain().toggleOrderedList().run(), 'Mod+Shift+7')}
        {toggle('Quote', state.blockquote, () => chain().toggleBlockquote().run(), 'Mod+Shift+B')}
        {toggle('Code block', state.codeBlock, () => chain().toggleCodeBlock().run(), 'Mod+Alt+C')}
      </span>
      <span className="pe-rt-group">
        {(Object.keys(ALIGN_LABELS) as TextAlign[]).map((align) => (
          <span key={align}>{toggle(ALIGN_LABELS[align], state.align === align, () => setAlign(editor, align), `Mod+Shift+${ALIGN_KEYS[align]}`, <span aria-hidden="true" className={`pe-rt-align pe-rt-align-${align}`} />)}</span>
        ))}
      </span>
      <span className="pe-rt-group">
        {action('Outdent', () => indent(editor, -1), 'Mod+[ Shift+Tab', false, '⇤')}
        {action('Indent', () => indent(editor, 1), 'Mod+] Tab', false, '⇥')}
      </span>
      <span className="pe-rt-group">
        {action('Undo typing', () => chain().undo().run(), 'Mod+Z', !state.canUndo, '↶')}
        {action('Redo typing', () => chain().redo().run(), 'Mod+Shift+Z Mod+Y', !state.canRedo, '↷')}
      </span>
    </div>
  );
}
