/** The script screens' parts, one chunk: the file input, the row actions (code view, parameters). CodeMirror is a chunk of its own. */
export { ScriptFileInput } from './script-file';
export { ScriptParamsAction } from './script-params';
export { ScriptRowActions } from './script-actions';
