import type { AuthActionResponse } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../../lib/feedback';

/**
 * Runs an authProvider action from a sign-in screen (which lives outside <Refine>):
 * a busy flag, the success message, then the redirect. Failures were already shown
 * by the HTTP layer.
 */
export function useAuthAction<T>(action: (values: T) => Promise<AuthActionResponse>) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async (values: T) => {
    setBusy(true);
    const { success, redirectTo, successNotification } = await action(values).finally(() => setBusy(false));
    if (!success) return;
    if (successNotification) feedback.success(successNotification.message);
    if (redirectTo) navigate(redirectTo, { replace: true });
  };
  return { run, busy };
}
