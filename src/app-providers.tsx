import { Refine } from '@refinedev/core';
import routerBindings from '@refinedev/react-router-v6';
import { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { accessControlProvider } from './providers/access-control';
import { authProvider } from './providers/auth';
import { platformDataProvider } from './providers/data/platform';
import { reportDataProvider } from './providers/data/report';
import { i18nProvider } from './providers/i18n';
import { notificationProvider } from './providers/notification';
import { resources } from './resources';

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

/** Refine with the app's providers and resources, around the routes (or a widget under test). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const accessControl = useMemo(() => accessControlProvider(queryClient), [queryClient]);
  // Unmounted (a host shell's unmount): drop every query and its garbage-collection timer.
  useEffect(() => () => queryClient.clear(), [queryClient]);
  const options = useMemo(() => ({ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }), [queryClient]);
  return (
    <Refine
      routerProvider={routerBindings}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControl}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      resources={resources}
      options={options}
    >
      {children}
    </Refine>
  );
}
