/**
 * The signed-in person every client service takes first (defined with the Principal in lib/core/principal.ts),
 * and the client-side actor of the one tenancy guard (lib/core/tenancy.ts), under the names the pages know.
 */
export type { Actor } from '@/lib/core/principal';
export type { TenantActor as ClientActor } from '@/lib/core/tenancy';
export { hasTenant as isClientActor } from '@/lib/core/tenancy';
