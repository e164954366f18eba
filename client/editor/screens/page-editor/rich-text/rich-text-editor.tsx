import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useId, useState } from 'react';
import type { RichTextNode } from '../../../../../blocks/text/rich-text-schema.js';
import { cleanPastedHtml } from './clean-paste.js';
import { richTextExtensions } from './extensions.js';
import { LinkDialog, type LinkValue } from './link-dialog.js';
import { Toolbar } from './toolbar.js';
import './rich-text.css';

export interface RichTextEditorProps {
  label: string;
  value: RichTextNode;
  onChange: (doc: RichTextNode) => void;
}

/**
 * The rich text editor (Tiptap) of a block's props panel, emitting exactly the ProseMirror JSON
 * blocks/text/rich-text-schema.ts accepts: headings 1-6, paragraphs in four sizes, lists,
 * quote, code block, line breaks; bold, italic, underline, strike, code, links; alignment and
 * indent. A toolbar, the standard shortcuts (Ctrl/Cmd+B, I, U, Shift+S, E, K, Shift+7/8,
 * Shift+L/E/R/J, [ and ]), the link dialog, and pasted HTML cleaned to the schema. Tiptap's
 * own <style> tag is off (injectCSS: false): the owner area's CSP refuses inline style elements.
 */
export default function RichTextEditor({ label, value, onChange }: RichTextEditorProps) {
  const labelId = useId();
  const [linking, setLinking] = useState<{ current: LinkValue | undefined } | undefined>();
  const editor = useEditor({
    injectCSS: false,
    extensions: richTextExtensions(),
    content: value as object,
    editorProps: {
      attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox', class: 'pe-richtext-input rich-text' },
      transformPastedHTML: cleanPastedHtml,
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'k') {
          openLink();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getJSON() as RichTextNode),
  });

  function openLink() {
    if (!editor) return;
    const attrs = editor.getAttributes('link') as { href?: string; target?: string | null };
    setLinking({ current: attrs.href ? { href: attrs.href, newTab: attrs.target === '_blank' } : undefined });
  }

  // An undo or a loaded version changes the value from outside: show it.
  useEffect(() => {
    if (editor && JSON.stringify(editor.getJSON()) !== JSON.stringify(value)) editor.commands.setContent(value as object, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  const close = () => setLinking(undefined);
  return (
    <div className="pe-richtext">
      <span id={labelId} className="pe-label">
        {label}
      </span>
      <Toolbar editor={editor} onLink={openLink} />
      <EditorContent editor={editor} />
      <LinkDialog
        open={linking !== undefined}
        current={linking?.current}
        onClose={() => {
          close();
          editor.commands.focus();
        }}
        onRemove={() => {
          editor.chain().focus().extendMarkRange('link').unsetLink().run();
          close();
        }}
        onApply={({ href, newTab }) => {
          const attrs = { href, target: newTab ? '_blank' : null };
          const chain = editor.chain().focus().extendMarkRange('link');
          // With nothing selected (and no link at the cursor) the address itself becomes the link's text.
          if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs }] }).run();
          else chain.setLink(attrs).run();
          close();
        }}
      />
    </div>
  );
}
