/**
 * /Ops/ApiKeys (role 1 only): the keys of the integration API (/api/v1): create one with a name and
 * scopes (shown once), see when each was last used, revoke one.
 */
import type { Metadata } from 'next';
import { ApiKeyForm } from '@/components/ops/ApiKeyForm';
import { OpsActionButton } from '@/components/ops/OpsActionButton';
import { OpsTable, td } from '@/components/ops/OpsTable';
import { Badge } from '@/components/ui/Badge';
import { DateTime } from '@/components/ui/DateTime';
import { listApiKeys } from '@/lib/integration/api-keys';
import { requireStaffPage } from '@/lib/ops/page';
import { createApiKeyAction, revokeApiKeyAction } from './actions';

export const metadata: Metadata = { title: 'API keys' };

export default async function OpsApiKeysPage() {
  const actor = await requireStaffPage('apiKeys.manage');
  const keys = await listApiKeys(actor);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="page-title">API keys</h1>
        <p className="max-w-3xl text-sm text-muted">
          Your job-management system calls the integration API (/api/v1, documented at{' '}
          <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>) with one of these keys, sent as Authorization: Bearer
          &lt;key&gt;. Each key can do only what its scopes allow; every call is recorded with the key’s name.
        </p>
      </div>
      <section aria-labelledby="new-key" className="flex flex-col gap-3">
        <h2 id="new-key" className="text-lg font-semibold">
          New API key
        </h2>
        <ApiKeyForm create={createApiKeyAction} />
      </section>
      <section aria-labelledby="keys" className="flex flex-col gap-3">
        <h2 id="keys" className="text-lg font-semibold">
          Keys
        </h2>
        <OpsTable
          caption="API keys"
          headers={['Name and key', 'Scopes', 'Created', 'Last used', 'State']}
          empty={keys.length === 0}
        >
          {keys.map((k) => (
            <tr key={k.id}>
              <td className={`${td} break-words`}>
                {k.name}
                <span className="block font-mono text-xs break-all text-muted">{k.displayPrefix}</span>
              </td>
              <td className={td}>
                <ul className="flex flex-col">
                  {k.scopes.map((s) => (
                    <li key={s}>
                      <code className="text-xs break-all">{s}</code>
                    </li>
                  ))}
                </ul>
              </td>
              <td className={td}>
                <DateTime value={k.createdAt} timeZone={actor.timeZone} withTime />
                {k.createdByName && <span className="block text-xs text-muted">by {k.createdByName}</span>}
              </td>
              <td className={td}>
                {k.lastUsedAt ? (
                  <DateTime value={k.lastUsedAt} timeZone={actor.timeZone} withTime />
                ) : (
                  <span className="text-muted">Never</span>
                )}
              </td>
              <td className={td}>
                <div className="flex flex-col items-start gap-2">
                  {k.revokedAt ? <Badge>Revoked</Badge> : <Badge tone="success">Active</Badge>}
                  {!k.revokedAt && (
                    <OpsActionButton
                      label="Revoke"
                      target={k.name}
                      variant="danger"
                      confirm={{
                        title: 'Revoke API key',
                        message: `Revoke “${k.name}”? Every call with this key is refused from now on. This cannot be undone.`,
                      }}
                      action={revokeApiKeyAction.bind(null, k.id)}
                    />
                  )}
                </div>
              </td>
            </tr>
          ))}
        </OpsTable>
      </section>
    </div>
  );
}
