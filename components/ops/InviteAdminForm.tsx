'use client';
/**
 * Invite a client's administrator (/Ops/Clients/View): names, e-mail, phone, user name and time zone. The
 * server creates the user without a password and e-mails a set-password link (72 hours, single use).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Select } from '@/components/ui/Select';
import { inviteAdminSchema, type InviteAdmin as Values, type InviteAdminInput } from '@/lib/clients/schema';
import type { ActionResult } from '@/lib/http/action-result';
import { applyRefusal } from './form-outcome';
import { PersonFields } from './PersonFields';
import { FormFields } from '@/components/ui/FormFields';

const FIELDS = new Set(['FirstName', 'LastName', 'EmailId', 'Phone', 'UserName', 'TimeZoneId']);

export function InviteAdminForm({
  clientId,
  defaultTimeZone,
  timeZones,
  invite,
}: {
  clientId: number;
  defaultTimeZone: string;
  timeZones: readonly { TimeZoneId: string; DisplayName: string }[];
  invite: (v: Values) => Promise<ActionResult<{ userId: number }>>;
}) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<InviteAdminInput, unknown, Values>({
    resolver: zodResolver(inviteAdminSchema),
    mode: 'onTouched',
    defaultValues: {
      ClientId: clientId,
      FirstName: '',
      LastName: '',
      EmailId: '',
      Phone: '',
      UserName: '',
      TimeZoneId: defaultTimeZone,
    },
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const e = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSent(null);
    const r = await invite(values);
    if (!r.ok) return setFailure(applyRefusal(r, setError, (p) => FIELDS.has(p)));
    setSent(`The invitation has been sent to ${values.EmailId}. The link works for 72 hours, once.`);
    reset();
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Invite the client administrator">
      <FormFields>
        {failure && <Alert tone="error">{failure}</Alert>}
        {sent && <Alert tone="success">{sent}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <PersonFields register={register} errors={e} />
          <Field label="Time zone" required error={e.TimeZoneId?.message}>
            <Select
              {...register('TimeZoneId')}
              options={timeZones.map((z) => ({ value: z.TimeZoneId, label: z.DisplayName }))}
            />
          </Field>
        </div>
        <div>
          <Button type="submit" variant="primary" loading={formState.isSubmitting} loadingText="Sending…">
            Send invitation
          </Button>
        </div>
      </FormFields>
    </form>
  );
}
