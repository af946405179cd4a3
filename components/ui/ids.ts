import { useId } from 'react';

/** A DOM-safe unique id (React's useId works in server and client components). */
export function useDomId(prefix: string, explicit?: string): string {
  const id = useId();
  return explicit ?? `${prefix}${id.replace(/[^a-zA-Z0-9_-]/g, '')}`;
}
