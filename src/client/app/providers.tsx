import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TOAST_TIMEOUT_MS } from '../../shared/constants.ts';
import type { SiteConfig } from '../../shared/schemas/site.ts';
import { SiteConfigContext } from '../lib/site-config.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

interface AppProvidersProps {
  queryClient: QueryClient;
  siteConfig: SiteConfig;
  children: ReactNode;
}

/** Theme, server-state cache, site settings and the toast area (top of the page, docs/product.md §2.4, kept clear of the header's controls). */
export function AppProviders({ queryClient, siteConfig, children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <SiteConfigContext.Provider value={siteConfig}>
          <Notifications position="top-center" autoClose={TOAST_TIMEOUT_MS} zIndex={3000} limit={5} containerWidth={420} />
          {children}
        </SiteConfigContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
