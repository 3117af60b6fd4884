import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Messages shown from outside React (the HTTP layer, the auth provider).
 * The app swaps in App.useApp()'s instance so messages follow the theme;
 * the static one serves until then (and in unit tests).
 */
let api: MessageInstance = staticMessage;
/** When each message (level and text) was last shown, for the last SAME_MESSAGE_MS. */
const shownAt = new Map<string, number>();

export function setMessageApi(next: MessageInstance | undefined): void {
  api = next ?? staticMessage;
  shownAt.clear();
}

type Level = 'error' | 'warning' | 'success' | 'info';

/** The same message again within this long (concurrent requests failing alike) is shown once. */
export const SAME_MESSAGE_MS = 1000;

function show(level: Level, content: string): void {
  const now = Date.now();
  for (const [shown, at] of shownAt) if (now - at >= SAME_MESSAGE_MS) shownAt.delete(shown);
  const id = `${level}:${content}`;
  if (shownAt.has(id)) return;
  shownAt.set(id, now);
  // No key: a message opened again with the key of one that is closing stays on screen for good
  // (antd #40076), over whatever lies under it.
  void api.open({ type: level, content });
}

export const feedback = {
  error: (content: string) => show('error', content),
  warning: (content: string) => show('warning', content),
  success: (content: string) => show('success', content),
  info: (content: string) => show('info', content),
};
