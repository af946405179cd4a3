'use client';

import { PASSWORD_MSG, passwordProblems } from '@/lib/auth/password-policy';
import { cn } from '@/components/ui/cn';
import { CheckIcon, CloseIcon } from '@/components/ui/icons';

const RULES: { label: string; message: string }[] = [
  { label: 'At least 10 characters', message: PASSWORD_MSG.tooShort },
  { label: 'An upper-case letter', message: PASSWORD_MSG.upper },
  { label: 'A lower-case letter', message: PASSWORD_MSG.lower },
  { label: 'A digit', message: PASSWORD_MSG.digit },
  { label: 'One of ! @ # $ % ^ & *', message: PASSWORD_MSG.special },
  { label: 'No three ascending digits (such as 123)', message: PASSWORD_MSG.ascendingDigits },
  { label: 'No letter followed by the next letter (such as ab or XY)', message: PASSWORD_MSG.ascendingLetters },
];

/** The password rules of spec §5 as a checklist that follows what the user types. */
export function PasswordRules({ value, id }: { value: string; id?: string }) {
  const problems = new Set(value ? passwordProblems(value) : RULES.map((r) => r.message));
  return (
    <ul id={id} className="flex flex-col gap-1 text-xs" aria-label="Password rules">
      {RULES.map((r) => {
        const ok = !problems.has(r.message);
        return (
          <li key={r.label} className={cn('flex items-center gap-1.5', ok ? 'text-success' : 'text-muted')}>
            {ok ? <CheckIcon className="size-3.5 shrink-0" /> : <CloseIcon className="size-3.5 shrink-0" />}
            <span>
              {r.label}
              <span className="sr-only">{ok ? ' (met)' : ' (not met yet)'}</span>
            </span>
          </li>
        );
      })}
      <li className="text-muted">Not one of your last 10 passwords, and not your name or a common password.</li>
    </ul>
  );
}
