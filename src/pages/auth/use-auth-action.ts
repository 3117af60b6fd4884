import type { AuthActionResponse } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../../lib/feedback';
import type { LoginParams, RegisterParams, ResetParams } from '../../providers/auth';
import { errorTexts } from '../../providers/error-texts';
import { loadAuth } from '../../providers/load-auth';

interface AuthActions {
  login: LoginParams;
  register: RegisterParams;
  forgotPassword: ResetParams;
}

/** The action of the auth provider, loaded on first use; a chunk that fails to load is a failed request. */
async function callAuth<K extends keyof AuthActions>(name: K, values: AuthActions[K]): Promise<AuthActionResponse> {
  const auth = await loadAuth().catch(() => undefined);
  if (!auth) {
    feedback.error(errorTexts.generic);
    return { success: false };
  }
  return (auth.authProvider[name] as (params: AuthActions[K]) => Promise<AuthActionResponse>)(values);
}

/**
 * Runs an authProvider action from a sign-in screen (which lives outside <Refine>):
 * a busy flag, the success message, then the redirect. Failures were already shown
 * by the HTTP layer.
 */
export function useAuthAction<K extends keyof AuthActions>(name: K) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async (values: AuthActions[K]) => {
    setBusy(true);
    const { success, redirectTo, successNotification } = await callAuth(name, values).finally(() => setBusy(false));
    if (!success) return;
    if (successNotification) feedback.success(successNotification.message);
    if (redirectTo) navigate(redirectTo, { replace: true });
  };
  return { run, busy };
}
