'use client';

/**
 * The fields and buttons of a form, disabled until React has taken over the page. Before that, what a person
 * types or chooses (or a password manager fills in) would be overwritten when the form registers its fields, and
 * Enter would send the form the browser's own way: a GET of the page with every field, the password too, in the
 * URL. On a fast connection the fields are ready before anyone reaches them; on a slow one they show disabled for
 * the moment the scripts take. `display: contents`: the form's own layout places the fields as before.
 */
import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => undefined;

/** False in the server's HTML and while React hydrates it; true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function FormFields({ children }: { children: ReactNode }) {
  const ready = useHydrated();
  return (
    <fieldset disabled={!ready} className="contents m-0 min-w-0 border-0 p-0">
      {children}
    </fieldset>
  );
}
