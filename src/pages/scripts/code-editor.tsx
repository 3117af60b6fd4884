import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { bracketMatching, defaultHighlightStyle, indentOnInput, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import { shell } from '@codemirror/legacy-modes/mode/shell';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { theme } from 'antd';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSettings } from '../../lib/settings';
import { darkHighlightStyle, editorTheme } from './code-editor-theme';

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  readOnly: boolean;
  /** The script's file name: its extension picks the language. */
  fileName: string;
}

/** Highlighting for the script kinds a task runs (SCRIPT_EXTENSIONS): .py, .js/.mjs, .sh. */
function languageOf(fileName: string): Extension {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1].toLowerCase();
  if (extension === 'py') return python();
  if (extension === 'js' || extension === 'mjs') return javascript();
  if (extension === 'sh') return StreamLanguage.define(shell);
  return [];
}

/**
 * The script's code in CodeMirror 6, loaded only by the code view (its own chunk). Read-only
 * views cannot be typed into; an edit reports the whole text.
 */
export default function CodeEditor({ value, onChange, readOnly, fileName }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const dark = useSettings().theme === 'dark';
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  const latest = useRef(value);
  // Before the editor is made (effects run in order), so a new editor starts from the text shown.
  useLayoutEffect(() => {
    changed.current = onChange;
    latest.current = value;
  });

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: latest.current,
        extensions: [
          lineNumbers(),
          history(),
          highlightActiveLine(),
          indentOnInput(),
          bracketMatching(),
          editorTheme(token, dark),
          syntaxHighlighting(dark ? darkHighlightStyle : defaultHighlightStyle),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          languageOf(fileName),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.contentAttributes.of({ 'aria-label': readOnly ? '脚本代码（只读）' : '脚本代码' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // A theme change makes the editor again (from the latest text), like a change of file or mode.
  }, [fileName, readOnly, token, dark]);

  // Another text to show (another version, the saved one): replaces the document.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={host} className="script-code__editor" data-readonly={readOnly ? 'true' : 'false'} />;
}
