/** The connection screens, one chunk: the list's row action and test button, and the browser. */
export { BrowseAction } from './browse-action';
export { ConnectionBrowser } from './browser';
export { TestConnection } from './test-connection';
