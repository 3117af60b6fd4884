import type { NotificationProvider } from '@refinedev/core';
import { feedback } from '../lib/feedback';

/**
 * Errors are not shown here: the HTTP layer already told the user, in the words of the
 * error catalogue, and Refine's own error texts would repeat it in other words.
 */
export const notificationProvider: NotificationProvider = {
  open: ({ type, message }) => {
    if (type === 'success') feedback.success(message);
    else if (type === 'progress') feedback.info(message);
  },
  close: () => undefined,
};
