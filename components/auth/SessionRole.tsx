'use client';

import { useEffect } from 'react';
import { setSessionRole } from '@/lib/client-side/api';

/**
 * Tells apiFetch the signed-in role, so that a 401 signs staff out with type 9 (spec §4.5).
 * The portal layout renders it once with the actor's role. Renders nothing.
 */
export function SessionRole({ role }: { role: number }) {
  useEffect(() => {
    setSessionRole(role);
    return () => setSessionRole(null);
  }, [role]);
  return null;
}
