/** The script screens' parts, one chunk: the file input and the parameters drawer. */
export { ScriptFileInput } from './script-file';
export { ScriptParamsAction } from './script-params';
