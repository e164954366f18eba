import { useEffect, useRef } from 'react';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { defaultHighlightStyle, StreamLanguage, syntaxHighlighting, type StringStream } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';

/** A compile error to mark in the text: 1-based line and column, as the compiler reports them. */
export interface CodeMark {
  line: number;
  column: number;
  message: string;
}

interface TemplateState {
  /** Inside `{...}` of the template language. */
  directive: boolean;
  /** Inside an HTML tag `<...>`. */
  tag: boolean;
}

/**
 * The template language (JSON-Template: `{.section x}`, `{name|formatter arg}`, `{.end}`) over
 * HTML: directives, variables and formatters, HTML tags, attributes and strings.
 */
const templateLanguage = StreamLanguage.define<TemplateState>({
  name: 'atelier-template',
  startState: () => ({ directive: false, tag: false }),
  token(stream: StringStream, state: TemplateState) {
    if (state.directive) {
      if (stream.eat('}')) {
        state.directive = false;
        return 'bracket';
      }
      if (stream.match(/^\|[A-Za-z0-9_-]+/)) return 'builtin';
      if (stream.match(/^[A-Za-z_@$][\w.@$-]*/)) return 'variable';
      stream.next();
      return null;
    }
    if (stream.match(/^\{\.[a-z-]+\??/)) {
      state.directive = true;
      return 'keyword';
    }
    if (stream.match(/^\{#/)) {
      stream.skipTo('}') ? stream.next() : stream.skipToEnd();
      return 'comment';
    }
    if (stream.match(/^\{(?=[A-Za-z_@$])/)) {
      state.directive = true;
      return 'bracket';
    }
    if (state.tag) {
      if (stream.eat('>')) {
        state.tag = false;
        return 'tag';
      }
      if (stream.match(/^"[^"{]*"?/) || stream.match(/^'[^'{]*'?/)) return 'string';
      if (stream.match(/^[A-Za-z_:][\w:.-]*/)) return 'attribute';
      stream.next();
      return null;
    }
    if (stream.match(/^<!--/)) {
      stream.skipTo('-->') ? stream.match('-->') : stream.skipToEnd();
      return 'comment';
    }
    if (stream.match(/^<\/?[A-Za-z][\w-]*/)) {
      state.tag = true;
      return 'tag';
    }
    stream.next();
    while (!stream.eol() && stream.peek() !== '{' && stream.peek() !== '<') stream.next();
    return null;
  },
});

const editorTheme = EditorView.theme({
  '&': { fontSize: '14px', backgroundColor: '#ffffff' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
  '&.cm-focused': { outline: '2px solid #0b63ce' },
});

/** Diagnostics from line:column marks, clamped into the document. */
export function diagnosticsFor(state: EditorState, marks: readonly CodeMark[]): Diagnostic[] {
  return marks.map((m) => {
    const line = state.doc.line(Math.min(Math.max(1, m.line), state.doc.lines));
    const from = Math.min(line.from + Math.max(0, m.column - 1), line.to);
    return { from, to: Math.min(line.to, from + 1), severity: 'error', message: m.message };
  });
}

/**
 * CodeMirror 6 on one theme file (this module is its own lazy chunk): line numbers, undo
 * history, the template language highlighted, and the compiler's errors marked in the text
 * and in the gutter. Remount it (a `key`) to show another file.
 */
export default function CodeEditor({ value, label, marks, onChange }: { value: string; label: string; marks: readonly CodeMark[]; onChange: (text: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    // In a shadow root CodeMirror's styles are constructed style sheets, which the owner
    // area's CSP allows; in the document they would be <style> elements it refuses.
    const shadow = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open' });
    const editor = new EditorView({
      root: shadow,
      parent: shadow,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          templateLanguage,
          syntaxHighlighting(defaultHighlightStyle),
          lintGutter(),
          EditorView.lineWrapping,
          editorTheme,
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) changed.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The document is set once per mount: the screen remounts the editor for another file.
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor) editor.dispatch(setDiagnostics(editor.state, diagnosticsFor(editor.state, marks)));
  }, [marks]);

  return <div ref={host} className="theme-code-editor" data-code-editor />;
}
