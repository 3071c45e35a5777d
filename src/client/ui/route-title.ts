import { APP_ROUTES } from '../../shared/app-routes.ts';

/** A screen's title as the route table names it (also its breadcrumb label elsewhere). */
export function routeTitle(routeId: string): string {
  const route = APP_ROUTES.find((r) => r.id === routeId);
  if (!route) throw new Error(`No route has the id ${routeId}`);
  return route.title;
}
