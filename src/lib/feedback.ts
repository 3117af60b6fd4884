import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Messages shown from outside React (the HTTP layer, the auth provider).
 * The app swaps in App.useApp()'s instance so messages follow the theme;
 * the static one serves until then (and in unit tests).
 */
let api: MessageInstance = staticMessage;

export function setMessageApi(next: MessageInstance | undefined): void {
  api = next ?? staticMessage;
}

type Level = 'error' | 'warning' | 'success' | 'info';

function show(level: Level, content: string): void {
  // Keyed by text so the same message from concurrent requests shows once.
  void api.open({ type: level, content, key: `${level}:${content}` });
}

export const feedback = {
  error: (content: string) => show('error', content),
  warning: (content: string) => show('warning', content),
  success: (content: string) => show('success', content),
  info: (content: string) => show('info', content),
};
