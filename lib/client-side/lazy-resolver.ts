/**
 * A react-hook-form resolver whose schema (and zod with it) is loaded on first use instead of with the
 * page: the sign-in and forgot-password pages paint and answer without zod, and the same zod schema the
 * server parses still validates the form (docs/architecture.md "Page weight"). `preload()` starts the
 * load early (the form calls it when a field gets focus), so a submit rarely waits for it.
 * A failed load is retried by the next call. Browser-safe.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyResolver<TFieldValues extends FieldValues, TContext, TTransformed> {
  resolver: Resolver<TFieldValues, TContext, TTransformed>;
  preload: () => void;
}

export function lazyResolver<TFieldValues extends FieldValues, TContext = unknown, TTransformed = TFieldValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): LazyResolver<TFieldValues, TContext, TTransformed> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformed>> | null = null;
  const get = () =>
    (loading ??= load().catch((e: unknown) => {
      loading = null;
      throw e;
    }));
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      get().catch(() => undefined);
    },
  };
}
