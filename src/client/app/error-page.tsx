import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { Page, useDocumentTitle } from '../ui/page.tsx';
import { directSignInUrl, signInUrl } from '../lib/sign-in.ts';
import { useSiteConfig } from '../lib/site-config.tsx';
import { AccessContacts } from '../features/session/index.ts';
import { describeError, type ErrorView } from './error-view.ts';
import { resolveAppRoute } from '../../shared/app-routes.ts';
import { TEXT } from '../../shared/messages.ts';
import { APP_UI } from './messages.ts';

function useReportError(error: unknown): void {
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
}

function ErrorBody({ view }: { view: ErrorView }) {
  return view.data ? (
    <Text size="lg" data-testid="error-data">
      {view.data}
    </Text>
  ) : (
    <>
      {view.message ? (
        <Text size="lg" fw={600} data-testid="error-message">
          {view.message}
        </Text>
      ) : null}
      <Text data-testid="error-description">{view.description}</Text>
    </>
  );
}

/** The error page inside the shell (docs/product.md §2.2): title = status code and message; body = data, or message and description. */
export function ErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const { isDevelopment } = useSiteConfig();
  useReportError(error);
  const view = describeError(error);
  const here = `${location.pathname}${location.search}`;
  // A screen only app admins may use is theirs alone to open to anyone.
  const appAdminScreen = resolveAppRoute(location.pathname, location.search, isDevelopment)?.route.access === 'appAdmin';
  return (
    <Page title={view.title}>
      <Stack gap="md" maw="46rem">
        <ErrorBody view={view} />
        {view.status === 403 ? <AccessContacts appAdminScreen={appAdminScreen} /> : null}
        <Group gap="sm" mt="sm">
          {view.status === 401 ? (
            <Button component="a" href={signInUrl(here)}>
              {TEXT.errorPage.signIn}
            </Button>
          ) : null}
          {view.status === 401 && isDevelopment ? (
            <Button component={Link} to={directSignInUrl(here)} variant="default">
              {TEXT.signInDirect}
            </Button>
          ) : null}
          <Button component={Link} to="/" variant={view.status === 401 ? 'subtle' : 'filled'}>
            {TEXT.errorPage.home}
          </Button>
        </Group>
      </Stack>
    </Page>
  );
}

/** When the shell itself fails: the same content, without the shell, and a full reload to get back. */
export function FatalErrorPage() {
  const error = useRouteError();
  useReportError(error);
  const view = describeError(error);
  useDocumentTitle(view.title);
  return (
    <main id="main-content" tabIndex={-1}>
      <Container size="sm" py={64}>
        <Stack gap="md">
          <Text fw={700} c="navy.9">
            {APP_UI.errorPage.fatalTitle}
          </Text>
          <Title order={1}>{view.title}</Title>
          <ErrorBody view={view} />
          <Group>
            <Button component="a" href="/">
              {TEXT.errorPage.home}
            </Button>
          </Group>
        </Stack>
      </Container>
    </main>
  );
}
