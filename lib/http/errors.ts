/**
 * The domain errors, for the adapters and services that have always imported them from here. They live in the
 * floor (lib/core/errors.ts) so that the tenancy guard and `authorize` can throw them too.
 */
export * from '@/lib/core/errors';
