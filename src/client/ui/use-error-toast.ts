import { useEffect, useRef } from 'react';
import { notify } from '../lib/notifications.ts';

/**
 * Raises an error toast with the failure's message (the catalogue's words) once per failure, for reads whose
 * failure the screen also shows in place.
 */
export function useErrorToast(error: Error | null | undefined): void {
  const shown = useRef<Error | null>(null);
  useEffect(() => {
    if (error && shown.current !== error) {
      shown.current = error;
      notify({ level: 'error', message: error.message });
    }
    if (!error) shown.current = null;
  }, [error]);
}
