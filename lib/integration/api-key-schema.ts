/**
 * API keys of the integration API: the scopes a key may carry and the create form, ONE schema for the
 * /Ops/ApiKeys form in the browser (zodResolver), its server action and the service. Browser-safe.
 */
import { z } from 'zod';
import { requiredText } from '@/lib/validation';

/** What a key may do: read jobs and their changes; move jobs through the workflow; upsert invoices; attach delivered files. */
export const API_SCOPES = ['jobs:read', 'jobs:write', 'invoices:write', 'files:write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'jobs:read': 'Read jobs and the change feed',
  'jobs:write': 'Change job statuses',
  'invoices:write': 'Create and update invoices',
  'files:write': 'Attach delivered files',
};

export const API_KEY_NAME_MAX = 100;

export const API_KEY_MSG = {
  scopes: 'Please choose at least one scope.',
  nameTaken: 'A key with this name already exists. Please choose another name.',
  notFound: 'This API key does not exist or has already been revoked.',
} as const;

export const apiKeyFormSchema = z.object({
  name: requiredText({ max: API_KEY_NAME_MAX }),
  scopes: z
    .array(z.enum(API_SCOPES, { error: API_KEY_MSG.scopes }), { error: API_KEY_MSG.scopes })
    .min(1, API_KEY_MSG.scopes)
    .transform((v) => API_SCOPES.filter((s) => v.includes(s))),
});
export type ApiKeyFormInput = z.input<typeof apiKeyFormSchema>;
export type ApiKeyForm = z.output<typeof apiKeyFormSchema>;

export const apiKeyIdSchema = z.number().int().min(1).max(2_147_483_647);
