'use client';
/**
 * The saved views control of the job list's toolbar: a View select that shows a saved view (its filters,
 * sort and page size, through the URL like any change of the list), a Save view dialog (name; share with the firm
 * for administrators; open the list with it) checked with the server action's own schema, and a link to the views
 * page (rename, delete, share, default). The select names the view the list shows, when it shows one. The dialog
 * loads on demand (components/jobs/SaveViewDialog.tsx), so the list's first paint carries no form library.
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import type { ActionResult } from '@/lib/http/action-result';
import { querySearchParams, type JobListQuery } from '@/lib/jobs/list-schema';
import { toPreferenceModel } from '@/lib/jobs/preference-model';
import { VIEW_MSG, type SavedViewItem, type SaveViewInput } from '@/lib/jobs/views-schema';
import { DEFAULT_PAGE_SIZE } from '@/lib/reference';
import { useJobListParams } from './useJobListParams';

/** The Save view dialog (its form, schema resolver and dialog primitives) loads when the user asks for it. */
const SaveViewDialog = dynamic(() => import('./SaveViewDialog').then((m) => m.SaveViewDialog), { ssr: false });

export interface SavedViewsProps {
  views: SavedViewItem[];
  /** The user may share a view with the firm (a client administrator). */
  canShare: boolean;
  create: (input: SaveViewInput) => Promise<ActionResult<{ id: number }>>;
}

const stateKey = (query: JobListQuery, pageSize: number) =>
  new URLSearchParams(querySearchParams(query, pageSize, DEFAULT_PAGE_SIZE)).toString();

export function viewLabel(v: SavedViewItem): string {
  return `${v.name}${v.shared ? ' (firm)' : ''}${v.isDefault ? ' – default' : ''}`;
}

export function SavedViews({ views, canShare, create }: SavedViewsProps) {
  const { state, applyList } = useJobListParams();
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState('');
  // The remembered "Last used" view follows the list itself: it is chosen on the views page, not here.
  const named = views.filter((v) => !v.remembered);
  const current = stateKey(state.query, state.pageSize);
  const shown = named.find((v) => stateKey(v.query, v.pageSize) === current);

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="saved-views">
      <label htmlFor="saved-view" className="lbl">
        View
      </label>
      <Select
        id="saved-view"
        className="w-56 max-w-full"
        value={shown ? String(shown.id) : ''}
        placeholder={shown ? undefined : named.length ? 'Choose a saved view' : 'No saved views'}
        options={named.map((v) => ({ value: v.id, label: viewLabel(v) }))}
        onChange={(e) => {
          const v = named.find((x) => String(x.id) === e.target.value);
          if (v) applyList({ query: v.query, pageSize: v.pageSize });
        }}
      />
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Save view
      </Button>
      <Link href="/JobClient/Views" className={buttonClasses({ variant: 'ghost' })}>
        Manage views
      </Link>
      <span role="status" className="sr-only">
        {notice}
      </span>
      {open && (
        <SaveViewDialog
          canShare={canShare}
          state={toPreferenceModel({ query: state.query, pageSize: state.pageSize })}
          create={create}
          onClose={(saved) => {
            setOpen(false);
            if (saved) setNotice(VIEW_MSG.saved);
          }}
        />
      )}
    </div>
  );
}
