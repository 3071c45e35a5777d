import { HealthSchema, type Health } from '../../../shared/schemas/api.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { notify } from '../../lib/notifications.ts';

/** GET /api/health: whether the server and its database answer. */
export function getHealth(): Promise<Health> {
  return apiRequest({ path: '/api/health', errorMessage: ERRORS.health, schema: HealthSchema });
}

/** Called once at start: a server that is not healthy gets a warning toast, and the app carries on. */
export async function checkHealthAtStart(): Promise<boolean> {
  try {
    const health = await getHealth();
    if (health.db === 'ok' && health.status === 'ok') return true;
  } catch {
    // reported below
  }
  notify({ level: 'warning', message: ERRORS.health, timeout: 8000 });
  return false;
}
