'use client';
/**
 * Who owns the job: assign it to a staff user, reassign it, or leave it with nobody. The server's
 * refusal (400 not an active staff user, 409 already theirs) shows on the field; success says so and reloads the
 * page (the history shows the assignment). Its fields wait for the page's script (FormFields): an owner picked
 * before that would be put back by the form's state, and Assign would send the old owner.
 */
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { holdFocusNear } from '@/components/ui/focus-memory';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FormFields } from '@/components/ui/FormFields';
import { Select } from '@/components/ui/Select';
import { unlessSignedOut } from '@/lib/client-side/action';
import type { ActionResult } from '@/lib/http/action-result';

export interface AssignFormProps {
  jb: string;
  assigneeId: number | null;
  staff: { id: number; name: string }[];
  meId: number;
  action: (jb: string, input: unknown) => Promise<ActionResult<string>>;
}

export function AssignForm({ jb, assigneeId, staff, meId, action }: AssignFormProps) {
  const router = useRouter();
  const [value, setValue] = useState(assigneeId === null ? 'none' : String(assigneeId));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function submit(to: string) {
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      const r = await unlessSignedOut(action(jb, { assigneeId: to === 'none' ? null : Number(to) }));
      if (r.ok) {
        setDone(r.value);
        // "Assign to me" goes once the job is mine: focus moves to the owner field rather than the top of the page.
        holdFocusNear(formRef.current);
        router.refresh();
      } else setError(r.fields?.assigneeId?.[0] ?? r.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={formRef}
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(value);
      }}
    >
      {done && <Alert tone="success">{done}</Alert>}
      <FormFields>
        <Field label="Owner" id="assignee" error={error ?? undefined}>
          <Select
            value={value}
            options={[
              { value: 'none', label: 'Nobody' },
              ...staff.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            onChange={(e) => setValue(e.target.value)}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" loading={busy} loadingText="Saving…">
            Assign
          </Button>
          {assigneeId !== meId && (
            <Button
              onClick={() => {
                setValue(String(meId));
                void submit(String(meId));
              }}
              disabled={busy}
            >
              Assign to me
            </Button>
          )}
        </div>
      </FormFields>
    </form>
  );
}
