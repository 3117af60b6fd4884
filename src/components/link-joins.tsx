import { useInvalidateAuthStore } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { joinByLink, joinSuccessTexts, linkTokens, type LinkToken } from '../api/joins';
import { getCookie, removeCookie, setCookie } from '../lib/cookies';
import { feedback } from '../lib/feedback';
import { urlParams } from '../lib/navigation';
import { dropEarlyUserInfo, fetchUserInfo, hasToken } from '../providers/auth';

/** Tokens already sent in this page's life: a token is used once. */
const used = new Set<string>();

function takeTokens(search: string): { kind: LinkToken; token: string }[] {
  const params = urlParams(search);
  return linkTokens.flatMap((kind) => {
    // The URL is read too: the cookie is written by a watcher that runs after this effect.
    const token = params.get(kind) || getCookie(kind);
    removeCookie(kind);
    if (!token || used.has(`${kind}:${token}`)) return [];
    used.add(`${kind}:${token}`);
    return [{ kind, token }];
  });
}

/** Runs one join; answers the project joined, if any. A failure has been shown by the HTTP layer. */
async function join(kind: LinkToken, token: string): Promise<string | undefined> {
  try {
    const answer = await joinByLink(kind, token);
    const joined = joinSuccessTexts.includes(answer.message);
    (joined ? feedback.success : feedback.warning)(answer.message);
    if (kind === 'orgtoken' && joined && answer.organization_uuid) setCookie('organization_uuid', answer.organization_uuid);
    if (kind === 'protoken' && joined) {
      // The project may belong to another organization: the server has made it the current one.
      removeCookie('organization_uuid');
      await fetchUserInfo().catch(() => undefined);
    }
    return kind === 'protoken' ? answer.project_uuid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Signed in with an invitation link (orgtoken, protoken or stafftoken in the URL or kept in
 * a cookie): joins once, says how it went, then opens the project joined or drops the token.
 */
export function LinkJoins() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invalidateAuth = useInvalidateAuthStore();

  useEffect(() => {
    if (!hasToken()) return;
    const pending = takeTokens(search);
    if (pending.length === 0) return;
    dropEarlyUserInfo();
    void (async () => {
      let project: string | undefined;
      for (const { kind, token } of pending) project = (await join(kind, token)) ?? project;
      linkTokens.forEach(removeCookie);
      await Promise.all([queryClient.invalidateQueries(), invalidateAuth()]);
      const rest = new URLSearchParams(search);
      linkTokens.forEach((kind) => rest.delete(kind));
      const query = rest.toString();
      navigate(project ? `/main/${project}/reportList` : `${pathname}${query ? `?${query}` : ''}`, { replace: true });
    })();
  }, [pathname, search, navigate, queryClient, invalidateAuth]);

  return <Outlet />;
}
