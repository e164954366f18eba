import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState } from 'react';
import type { RichTextNode } from '../../../../blocks/text/rich-text-schema.js';

/**
 * A minimal rich text editor (Tiptap) emitting the ProseMirror JSON blocks/text accepts: the
 * nodes and marks its serializer renders (paragraph, headings, lists, quote, code block,
 * hard break; bold, italic, underline, strike, code, link). Horizontal rules are off (the
 * serializer drops them). Tiptap's own <style> tag is off (injectCSS: false): the owner
 * area's CSP refuses inline style elements, so page-editor.css holds what it needs.
 */
export function RichTextField({ label, value, onChange }: { label: string; value: RichTextNode; onChange: (doc: RichTextNode) => void }) {
  const labelId = useId();
  const [linking, setLinking] = useState<string | undefined>();
  const editor = useEditor({
    injectCSS: false,
    extensions: [
      StarterKit.configure({ horizontalRule: false, link: false, heading: { levels: [1, 2, 3, 4, 5, 6] } }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ['mailto', 'tel'] }),
    ],
    content: value as object,
    editorProps: { attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox', class: 'pe-richtext-input' } },
    onUpdate: ({ editor: e }) => onChange(e.getJSON() as RichTextNode),
  });
  // An undo or a loaded version changes the value from outside: show it.
  useEffect(() => {
    if (editor && JSON.stringify(editor.getJSON()) !== JSON.stringify(value)) editor.commands.setContent(value as object, { emitUpdate: false });
  }, [editor, value]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      heading: e?.isActive('heading', { level: 2 }) ?? false,
      list: e?.isActive('bulletList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tool = (name: string, pressed: boolean, run: () => void) => (
    <button type="button" className="pe-tool" aria-pressed={pressed} onClick={run}>
      {name}
    </button>
  );
  return (
    <div className="pe-richtext">
      <span id={labelId} className="pe-label">
        {label}
      </span>
      <div className="pe-richtext-tools" role="toolbar" aria-label="Text formatting">
        {tool('Bold', active?.bold ?? false, () => chain().toggleBold().run())}
        {tool('Italic', active?.italic ?? false, () => chain().toggleItalic().run())}
        {tool('Heading', active?.heading ?? false, () => chain().toggleHeading({ level: 2 }).run())}
        {tool('List', active?.list ?? false, () => chain().toggleBulletList().run())}
        {tool('Link', active?.link ?? false, () => setLinking((editor.getAttributes('link').href as string | undefined) ?? ''))}
      </div>
      {linking !== undefined ? (
        <form
          className="pe-link-form"
          onSubmit={(e) => {
            e.preventDefault();
            const href = linking.trim();
            if (href) chain().extendMarkRange('link').setLink({ href }).run();
            else chain().extendMarkRange('link').unsetLink().run();
            setLinking(undefined);
          }}
        >
          <label className="ui-field">
            <span>Link to (a page path such as /about, or a full address)</span>
            <input value={linking} onChange={(e) => setLinking(e.target.value)} autoFocus />
          </label>
          <button type="submit" className="ui-button">Apply link</button>
          <button type="button" className="ui-button" data-variant="secondary" onClick={() => setLinking(undefined)}>Cancel</button>
        </form>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
