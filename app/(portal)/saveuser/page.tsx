/**
 * /saveuser (spec §2): 'Create New User', or 'Edit User' with ?uD=<the user id, base64 ×4>, for the client
 * administrator (role 4). A uD that does not name an active user of the client shows "not found".
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { UserForm } from '@/components/users/UserForm';
import { Alert } from '@/components/ui/Alert';
import { buttonClasses } from '@/components/ui/Button';
import { requirePageClientActor } from '@/lib/auth/page';
import { tryDecodeId } from '@/lib/encoding';
import { MSG } from '@/lib/messages';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { timeZoneList } from '@/lib/settings/time-zones';
import { emailDomain } from '@/lib/users/schema';
import { getUser } from '@/lib/users/service';
import { checkUserEmailAction, checkUserNameAction, saveUserAction } from './actions';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return { title: (await searchParams).uD ? MSG.editUserTitle : MSG.createUserTitle };
}

export default async function SaveUserPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requirePageClientActor([CLIENT_ADMIN_ROLE]);
  const { uD } = await searchParams;
  const editing = uD !== undefined;
  const id = typeof uD === 'string' ? tryDecodeId(uD) : null;
  const user = id ? await getUser(actor, id) : null;
  const me = await getUser(actor, actor.userId);
  const title = editing ? MSG.editUserTitle : MSG.createUserTitle;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <h1 className="page-title">{title}</h1>
      {editing && !user ? (
        <Alert
          tone="error"
          action={
            <Link href="/user" className={buttonClasses({ size: 'sm' })}>
              Back to users
            </Link>
          }
        >
          This user does not exist or has been deactivated.
        </Alert>
      ) : (
        <div className="rounded-lg border border-line bg-surface p-4 shadow-xs sm:p-6">
          <UserForm
            initial={
              user
                ? {
                    UserId: user.id,
                    FirstName: user.firstName,
                    LastName: user.lastName,
                    EmailId: user.email,
                    Phone: user.phone,
                    UserName: user.userName,
                    Role: user.role,
                    TimeZoneId: user.timeZone,
                  }
                : null
            }
            isSelf={user?.id === actor.userId}
            defaultTimeZone={actor.timeZone}
            emailDomain={emailDomain(me?.email)}
            timeZones={timeZoneList()}
            save={saveUserAction}
            checkUserName={checkUserNameAction}
            checkUserEmail={checkUserEmailAction}
          />
        </div>
      )}
    </div>
  );
}
