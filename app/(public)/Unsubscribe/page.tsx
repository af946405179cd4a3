/**
 * /Unsubscribe: where an alert e-mail's unsubscribe link lands (no sign-in; lib/settings/unsubscribe.ts). With a
 * link's token: what it would stop, a button that stops that one alert and one that stops every job alert (both
 * POST the same signed token; a GET never acts). After a POST: what was stopped, or why nothing was.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { PasswordPageFrame } from '@/components/password/PasswordPageFrame';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { stoppedWhat, UNSUBSCRIBE_PATH, UNSUBSCRIBE_REFUSED, unsubscribeState } from '@/lib/settings/unsubscribe';

export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false } };

type Refusal = keyof typeof UNSUBSCRIBE_REFUSED;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

function SettingsLine() {
  return (
    <p className="mt-4 text-sm text-muted">
      You can change your alerts at any time in <Link href="/Settings">Settings</Link>.
    </p>
  );
}

export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const q = await searchParams;
  const stopped = stoppedWhat(one(q.stopped));
  if (stopped)
    return (
      <PasswordPageFrame title="Unsubscribed">
        <Alert tone="success">You will no longer receive {stopped} by e-mail.</Alert>
        <SettingsLine />
      </PasswordPageFrame>
    );
  const token = one(q.token);
  const refusedParam = one(q.refused);
  const state = token
    ? await unsubscribeState(token)
    : { status: (refusedParam in UNSUBSCRIBE_REFUSED ? refusedParam : 'invalid') as Refusal };
  if (state.status !== 'ok') {
    const r = UNSUBSCRIBE_REFUSED[state.status];
    return (
      <PasswordPageFrame title={r.title}>
        <p>{r.text}</p>
        <SettingsLine />
      </PasswordPageFrame>
    );
  }
  const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
  return (
    <PasswordPageFrame title="Unsubscribe">
      <p>Stop receiving {state.what} by e-mail?</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <form method="post" action={action}>
          <Button type="submit" variant="primary" name="List-Unsubscribe" value="One-Click">
            Unsubscribe
          </Button>
        </form>
        <form method="post" action={`${action}&scope=all`}>
          <Button type="submit">Stop all job alerts</Button>
        </form>
      </div>
      <SettingsLine />
    </PasswordPageFrame>
  );
}
