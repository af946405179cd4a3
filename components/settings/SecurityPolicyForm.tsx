'use client';
/**
 * Settings "Security" for client administrators: the organisation's security policy — two-factor
 * required, a firm idle timeout, allowed e-mail domains, single sign-on required (when the portal has it). The
 * same schema validates here and in the server action; each saved change is audited and mailed to the other
 * administrators.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field } from '@/components/ui/Field';
import { FormSection } from '@/components/ui/FormSection';
import { Input } from '@/components/ui/Input';
import { Textarea } from '@/components/ui/Textarea';
import { unlessSignedOut } from '@/lib/client-side/action';
import { refusalFields, type ActionResult } from '@/lib/http/action-result';
import {
  POLICY_MSG,
  securityPolicySchema,
  type PolicyBounds,
  type SecurityPolicyFormInput,
} from '@/lib/security/security-policy-schema';
import { FormFields } from '@/components/ui/FormFields';
import { useFocusInvalid } from '@/components/ui/focus-invalid';

const FIELDS = ['RequireTwoFactor', 'IdleTimeoutMinutes', 'AllowedEmailDomains', 'RequireSso'] as const;

export function SecurityPolicyForm(p: {
  bounds: PolicyBounds;
  initial: SecurityPolicyFormInput;
  outsideDomains: string[];
  save: (values: SecurityPolicyFormInput) => Promise<ActionResult<{ changed: string[] }>>;
}) {
  const router = useRouter();
  const schema = useMemo(() => securityPolicySchema(p.bounds), [p.bounds]);
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<SecurityPolicyFormInput>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: p.initial,
    shouldFocusError: false,
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const r = await unlessSignedOut(p.save(values));
      if (!r.ok) {
        const fields = refusalFields(r);
        for (const name of FIELDS) {
          const m = fields[name]?.[0];
          if (m) setError(name, { message: m });
        }
        setBanner({ tone: 'error', text: POLICY_MSG.notSaved });
        return focusInvalid();
      }
      setBanner({ tone: 'success', text: r.value.changed.length ? POLICY_MSG.saved : 'Nothing changed.' });
      router.refresh();
    } catch {
      setBanner({ tone: 'error', text: POLICY_MSG.notSaved });
      focusInvalid();
    }
  }, focusInvalid);

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Security policy" className="flex flex-col gap-4">
      <FormFields>
        <FormSection
          title="Security"
          description="Your organisation's security policy. It applies to every user of your organisation, on every sign-in and request."
          columns={1}
        >
          <Checkbox
            id="RequireTwoFactor"
            label="Require an authenticator app (two-factor) for every user"
            description="Users without one are led to set it up at their next sign-in, before they reach the portal."
            error={errors.RequireTwoFactor?.message}
            {...register('RequireTwoFactor')}
          />
          <Field
            label="Idle timeout (minutes)"
            id="IdleTimeoutMinutes"
            error={errors.IdleTimeoutMinutes?.message}
            help={`Shorter than the portal's ${p.bounds.portalIdleMinutes} minutes; empty uses the portal's.`}
            className="md:max-w-xs"
          >
            <Input inputMode="numeric" maxLength={6} {...register('IdleTimeoutMinutes')} />
          </Field>
          <Field
            label="Allowed e-mail domains"
            id="AllowedEmailDomains"
            error={errors.AllowedEmailDomains?.message}
            help="One per line or separated by commas, for example harbourvale.com.au. Empty allows any address."
          >
            <Textarea rows={3} maxLength={2000} {...register('AllowedEmailDomains')} />
          </Field>
          {p.outsideDomains.length > 0 && (
            <Alert tone="warning">{`These users have addresses outside the allowed domains and must be given a new one at their next change: ${p.outsideDomains.join(', ')}.`}</Alert>
          )}
          {p.bounds.ssoConfigured ? (
            <Checkbox
              id="RequireSso"
              label="Require single sign-on"
              description="Password sign-in is refused for your organisation's users; they sign in through your identity provider."
              error={errors.RequireSso?.message}
              {...register('RequireSso')}
            />
          ) : (
            <p className="text-sm text-muted">
              Single sign-on is not configured for the portal, so it cannot be required.
            </p>
          )}
        </FormSection>
        {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
        <div>
          <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
            Save security policy
          </Button>
        </div>
      </FormFields>
    </form>
  );
}
