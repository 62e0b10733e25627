import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { NotificationProvider, type NotificationCenter } from '../notifications';
import { cssVariablesResolver, theme } from './theme';

export interface AppServices {
  i18n: I18n;
  queryClient: QueryClient;
  notifications: NotificationCenter;
}

/** Everything created at startup, handed to the component tree. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <I18nextProvider i18n={services.i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={services.queryClient}>
          <NotificationProvider center={services.notifications}>{children}</NotificationProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
