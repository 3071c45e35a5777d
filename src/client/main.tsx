// First: zod must be told before any schema is built (lib/zod-jitless.ts).
import './lib/zod-jitless.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { seedPageBanner } from './app/api/get-banner.ts';
import { checkHealthAtStart } from './app/api/get-health.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { startVersionCheck } from './lib/version-check.ts';
import { readSiteConfig } from './lib/site-config.tsx';

const siteConfig = readSiteConfig();
const queryClient = createAppQueryClient();
seedPageBanner(queryClient);
const router = createAppRouter({ queryClient, siteConfig });

startVersionCheck(router);
void checkHealthAtStart();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} siteConfig={siteConfig}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
