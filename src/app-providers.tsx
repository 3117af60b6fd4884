import { Refine } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { currentPlacement } from './lib/placement';
import { afterAppUnmount } from './lib/teardown';
import { authProvider } from './providers/auth';
import { platformDataProvider } from './providers/data/platform';
import { reportDataProvider } from './providers/data/report';
import { i18nProvider } from './providers/i18n';
import { notificationProvider } from './providers/notification';
import { routerProvider } from './providers/router';
import { refineResources } from './resources';

const dataProvider = { default: platformDataProvider(), report: reportDataProvider() };

/** One query cache per mounted app, shared by Refine's hooks and the access-control provider. */
function createQueryClient() {
  return new QueryClient({
    // Failed requests have been told to the user by the HTTP layer; the console need not repeat them.
    logger: { log: console.log, warn: console.warn, error: () => undefined },
    defaultOptions: {
      // The error catalogue has spoken already; a retry would only repeat it.
      queries: { retry: false, refetchOnWindowFocus: false, keepPreviousData: true },
    },
  });
}

/**
 * Cancels first: a fetch still in flight would otherwise, as clear() cancels it, schedule a new
 * garbage-collection timer for its query after clear() has cleared the old one (react-query 4).
 */
function dropQueries(queryClient: QueryClient): void {
  void queryClient.cancelQueries();
  queryClient.clear();
}

/**
 * Under a host shell, unmount drops every query and its garbage-collection timer once the whole
 * tree is gone (the screens' observers schedule those timers as they unsubscribe). Registered as
 * the client is made, not in an effect: a render React throws away (a lazy screen suspending the
 * first mount) makes a client too, and its queries' timers would outlive the app otherwise.
 */
function mountQueryClient() {
  const queryClient = createQueryClient();
  if (currentPlacement().embedded) afterAppUnmount(() => dropQueries(queryClient));
  return queryClient;
}

/** Refine with the app's providers and resources, around the routes (or a widget under test). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(mountQueryClient);
  const options = useMemo(() => ({ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }), [queryClient]);
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      resources={refineResources}
      options={options}
    >
      {children}
    </Refine>
  );
}
