import { TextSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { RichTextNode } from '../../../../../blocks/text/rich-text-schema.js';
import { cleanPastedHtml } from './clean-paste.js';
import { richTextExtensions } from './extensions.js';
import { LinkDialog, type LinkPageSource, type LinkValue } from './link-dialog.js';
import { Toolbar } from './toolbar.js';
import './rich-text.css';

export interface RichTextEditorProps {
  label: string;
  value: RichTextNode;
  onChange: (doc: RichTextNode) => void;
  /** The link dialog's pages (default: the pages API, links as paths). */
  linkPages?: LinkPageSource | undefined;
}

/**
 * The rich text editor (Tiptap) of a block's props panel, emitting exactly the ProseMirror JSON
 * blocks/text/rich-text-schema.ts accepts: headings 1-6, paragraphs in four sizes, lists,
 * quote, code block, line breaks; bold, italic, underline, strike, code, links; alignment and
 * indent. A toolbar, the standard shortcuts (Ctrl/Cmd+B, I, U, Shift+S, E, K, Shift+7/8,
 * Shift+L/E/R/J, [ and ]), the link dialog, and pasted HTML cleaned to the schema. Tiptap's
 * own <style> tag is off (injectCSS: false): the owner area's CSP refuses inline style elements.
 */
export default function RichTextEditor({ label, value, onChange, linkPages }: RichTextEditorProps) {
  const labelId = useId();
  const [linking, setLinking] = useState<{ current: LinkValue | undefined; from: number; to: number } | undefined>();
  const openLinkRef = useRef<() => void>(() => undefined);
  // Built once: new extension objects or props on every render would make Tiptap reconfigure the editor each time.
  const [options] = useState(() => ({
    injectCSS: false,
    content: value as object,
    extensions: richTextExtensions(),
    editorProps: {
      attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox', class: 'pe-richtext-input rich-text' },
      transformPastedHTML: cleanPastedHtml,
      handleKeyDown: (_view: unknown, event: KeyboardEvent) => {
        if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'k') {
          openLinkRef.current();
          return true;
        }
        return false;
      },
    },
  }));
  const editor = useEditor({
    ...options,
    onUpdate: ({ editor: e }) => onChange(e.getJSON() as RichTextNode),
  });
  openLinkRef.current = openLink;

  function openLink() {
    if (!editor || editor.isDestroyed) return;
    // A selection just made with the keyboard (Shift+Home, then Ctrl+K) may not have reached
    // ProseMirror's state yet: read it from the page first.
    const observer = (editor.view as unknown as { domObserver?: { forceFlush?: () => void; flush?: () => void } }).domObserver;
    observer?.forceFlush?.();
    observer?.flush?.();
    const attrs = editor.getAttributes('link') as { href?: string; target?: string | null };
    const { from, to } = editor.state.selection;
    setLinking({ current: attrs.href ? { href: attrs.href, newTab: attrs.target === '_blank' } : undefined, from, to });
  }

  // An undo or a loaded version changes the value from outside: show it.
  useEffect(() => {
    if (editor && !editor.isDestroyed && JSON.stringify(editor.getJSON()) !== JSON.stringify(value)) editor.commands.setContent(value as object, { emitUpdate: false });
  }, [editor, value]);

  if (!editor || editor.isDestroyed) return null;
  const close = () => setLinking(undefined);
  return (
    <div className="pe-richtext">
      <span id={labelId} className="pe-label">
        {label}
      </span>
      <Toolbar editor={editor} onLink={openLink} />
      <EditorContent editor={editor} />
      {/* Mounted only while open: a closed dialog's late 'close' event can never close the next one. */}
      {linking ? (
        <LinkDialog
          open
          current={linking.current}
          {...(linkPages ? { pageSource: linkPages } : {})}
          onClose={() => {
            close();
            editor.commands.focus();
          }}
          onRemove={() => {
            editor.chain().focus().setTextSelection({ from: linking.from, to: linking.to }).extendMarkRange('link').unsetLink().run();
            close();
          }}
          onApply={({ href, newTab }) => {
            const attrs = { href, target: newTab ? '_blank' : null };
            // The text selected when the dialog opened (focus has been in the dialog since).
            editor.commands.setTextSelection({ from: linking.from, to: linking.to });
            const chain = editor.chain().focus().extendMarkRange('link');
            // With nothing selected (and no link at the cursor) the address itself becomes the link's text.
            if (linking.from === linking.to && !editor.isActive('link')) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs }] }).run();
            // The caret goes after the link, as word processors leave it.
            else chain.setLink(attrs).command(({ tr }) => Boolean(tr.setSelection(TextSelection.create(tr.doc, tr.selection.to)))).run();
            close();
          }}
        />
      ) : null}
    </div>
  );
}
