'use client';
/**
 * The person fields every staff form that creates a user asks for (the client administrator's invitation, a
 * staff user): first and last name, e-mail, phone and user name, with their field messages. The form owns
 * the values and the schema; this only renders the inputs it registers.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';

export type PersonField = 'FirstName' | 'LastName' | 'EmailId' | 'Phone' | 'UserName';

export function PersonFields({
  register,
  errors,
}: {
  register: (name: PersonField) => UseFormRegisterReturn<string>;
  errors: Partial<Record<PersonField, { message?: string }>>;
}) {
  return (
    <>
      <Field label="First name" required error={errors.FirstName?.message}>
        <Input {...register('FirstName')} autoComplete="off" />
      </Field>
      <Field label="Last name" required error={errors.LastName?.message}>
        <Input {...register('LastName')} autoComplete="off" />
      </Field>
      <Field label="E-mail" required error={errors.EmailId?.message}>
        <Input type="email" {...register('EmailId')} autoComplete="off" />
      </Field>
      <Field label="Phone" required error={errors.Phone?.message}>
        <Input type="tel" {...register('Phone')} autoComplete="off" />
      </Field>
      <Field label="User name" required error={errors.UserName?.message}>
        <Input {...register('UserName')} autoComplete="off" />
      </Field>
    </>
  );
}
