'use client';
/**
 * The saved views page's list: each view with what it is (yours, shared with the firm, your last used
 * settings, the default) and what the user may do with it: open it, make it the view the list opens with (or stop),
 * rename, share or take back (administrators), delete. Every change goes through a server action and the page
 * refreshes; the outcome is announced in a status line.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyRefusal } from '@/components/ops/form-outcome';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button, buttonClasses } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Field } from '@/components/ui/Field';
import { FormFields } from '@/components/ui/FormFields';
import { Input } from '@/components/ui/Input';
import { signedOutNow } from '@/lib/client-side/action';
import type { ActionResult } from '@/lib/http/action-result';
import { JOB_SORT_COLUMNS } from '@/lib/jobs/list-schema';
import {
  renameViewSchema,
  VIEW_NAME_MAX,
  VIEW_PARAM,
  type RenameViewInput,
  type SavedViewItem,
} from '@/lib/jobs/views-schema';

export interface ViewActions {
  rename: (input: RenameViewInput) => Promise<ActionResult<string>>;
  remove: (id: number) => Promise<ActionResult<string>>;
  share: (id: number, shared: boolean) => Promise<ActionResult<string>>;
  setDefault: (id: number | null) => Promise<ActionResult<string>>;
}

/** The list opened with a view (a link that works for everyone the view is shared with). */
export function viewHref(v: Pick<SavedViewItem, 'id'>): string {
  return `/JobClient?${VIEW_PARAM}=${v.id}`;
}

/** What a view shows, in words ("Status: 2 chosen · Matter/Ref contains HV · Sorted by Time due · 50 a page"). */
function describe(v: SavedViewItem): string {
  const q = v.query;
  const parts: string[] = [];
  const text: [string, string][] = [
    ['JMS number', q.jmsNumber],
    ['Matter/Ref', q.matterReference],
    ['Description', q.description],
    ['Contact', q.contactName],
    ['Client', q.clientName],
  ];
  for (const [label, value] of text) if (value) parts.push(`${label} contains “${value}”`);
  if (q.statuses.length) parts.push(`${q.statuses.length} status${q.statuses.length === 1 ? '' : 'es'}`);
  if (q.timeCreated || q.timeDue || q.timeDelivered) parts.push('time filters');
  const sort = JOB_SORT_COLUMNS.find((c) => c.id === q.sortBy)?.label ?? 'Default';
  parts.push(`sorted by ${sort.toLowerCase()}`);
  parts.push(v.pageSize === 0 ? 'all on one page' : `${v.pageSize} a page`);
  return parts.join(' · ');
}

export function ViewsManager({
  views,
  canShare,
  actions,
}: {
  views: SavedViewItem[];
  canShare: boolean;
  actions: ViewActions;
}) {
  const router = useRouter();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<SavedViewItem | null>(null);
  const [deleting, setDeleting] = useState<SavedViewItem | null>(null);

  async function run(pending: Promise<ActionResult<string>>): Promise<boolean> {
    setError(null);
    const r = await pending;
    if (signedOutNow(r)) return false;
    if (!r.ok) {
      setError(r.message);
      return false;
    }
    setStatus(r.value);
    router.refresh();
    return true;
  }

  if (views.length === 0) return <EmptyState message="You have no saved views yet." />;

  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm text-success empty:hidden">
        {status}
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <ul className="flex flex-col gap-3" aria-label="Saved views">
        {views.map((v) => (
          <li
            key={v.id}
            className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4"
            data-testid="saved-view-item"
          >
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-base font-semibold break-words text-ink">
                {v.remembered ? 'Last used settings' : v.name}
              </h2>
              {v.shared ? <Badge tone="info">Shared with my firm</Badge> : <Badge>Only me</Badge>}
              {v.isDefault && <Badge tone="success">Default</Badge>}
            </div>
            <p className="text-sm break-words text-muted">
              {v.remembered ? 'What the list showed when you last changed it. ' : ''}
              {describe(v)}
              {!v.mine && ` · saved by ${v.ownerName}`}
            </p>
            <div className="flex flex-wrap gap-2">
              <Link
                href={viewHref(v)}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                aria-label={`Open ${v.remembered ? 'last used settings' : v.name}`}
              >
                Open
              </Link>
              {v.isDefault ? (
                !v.remembered && (
                  <Button size="sm" variant="ghost" onClick={() => void run(actions.setDefault(null))}>
                    Stop opening the list with it
                  </Button>
                )
              ) : (
                <Button size="sm" variant="ghost" onClick={() => void run(actions.setDefault(v.id))}>
                  Open the list with it
                </Button>
              )}
              {v.canManage && (
                <>
                  <Button size="sm" variant="ghost" onClick={() => setRenaming(v)} aria-label={`Rename ${v.name}`}>
                    Rename
                  </Button>
                  {canShare && (
                    <Button size="sm" variant="ghost" onClick={() => void run(actions.share(v.id, !v.shared))}>
                      {v.shared ? 'Make private' : 'Share with my firm'}
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(v)} aria-label={`Delete ${v.name}`}>
                    Delete
                  </Button>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
      {renaming && (
        <RenameDialog
          view={renaming}
          rename={actions.rename}
          onDone={(message) => {
            setRenaming(null);
            if (!message) return;
            setStatus(message);
            router.refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete view"
        message={`Delete the view “${deleting?.name ?? ''}”?${deleting?.shared ? ' Nobody in your firm will see it any more.' : ''}`}
        confirmLabel="Delete view"
        tone="danger"
        onConfirm={async () => {
          if (deleting) await run(actions.remove(deleting.id));
        }}
      />
    </div>
  );
}

function RenameDialog({
  view,
  rename,
  onDone,
}: {
  view: SavedViewItem;
  rename: ViewActions['rename'];
  onDone: (message: string | null) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RenameViewInput>({
    resolver: zodResolver(renameViewSchema) as never,
    mode: 'onTouched',
    defaultValues: { id: view.id, name: view.name },
  });
  const { register, handleSubmit, formState, setError } = form;
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const r = await rename({ id: view.id, name: values.name });
    if (!r.ok) return setFailure(applyRefusal(r, setError, (p) => p === 'name') ?? null);
    onDone(r.value);
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onDone(null)} title="Rename view" size="sm">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Rename view">
        <FormFields>
          {failure && <Alert tone="error">{failure}</Alert>}
          <Field label="Name" required error={formState.errors.name?.message}>
            <Input {...register('name')} maxLength={VIEW_NAME_MAX} autoComplete="off" />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => onDone(null)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" loading={formState.isSubmitting} loadingText="Saving…">
              Rename
            </Button>
          </div>
        </FormFields>
      </form>
    </Dialog>
  );
}
