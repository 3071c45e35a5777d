import { Anchor, Stack, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { APP_TITLE } from '../../shared/constants.ts';
import { COMMON_WORDS } from './common-words.ts';
import { breadcrumbsFor, type Crumb } from '../lib/breadcrumbs.ts';
import { useSiteConfig } from '../lib/site-config.tsx';

/** "Find records – B.C. Co-op Education and WIL Statistical Database"; the home page is the product title alone. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title}${COMMON_WORDS.titleSeparator}${APP_TITLE}` : APP_TITLE;
}

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

export function Breadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label={COMMON_WORDS.breadcrumb} className="breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`}>
            {crumb.to && index < crumbs.length - 1 ? (
              <Anchor component={Link} to={crumb.to} size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export interface PageProps {
  /** The page's one h1, also its breadcrumb label and document title. */
  title: string;
  /** The document title when it should differ from the h1 (the home page uses the product title). */
  documentTitle?: string | null;
  crumbs?: readonly Crumb[];
  children?: ReactNode;
}

/** Every screen's frame: breadcrumb, the one h1, and the content below. */
export function Page({ title, documentTitle: docTitle, crumbs, children }: PageProps) {
  const location = useLocation();
  const { isDevelopment } = useSiteConfig();
  useDocumentTitle(docTitle === null ? undefined : (docTitle ?? title));
  const trail = crumbs ?? breadcrumbsFor(location.pathname, title, isDevelopment);
  return (
    <Stack gap="lg" py="xl">
      <Stack gap="xs">
        <Breadcrumb crumbs={trail} />
        <Title order={1} id="page-title" tabIndex={-1}>
          {title}
        </Title>
      </Stack>
      {children}
    </Stack>
  );
}
