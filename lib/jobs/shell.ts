/**
 * What a signed-in page of a firm's user reads about its user and its news, in one statement: the shell's user row
 * (lib/shell/service.ts) with the news position and the bell's unread count (lib/jobs/news.ts newsStateColumns) as
 * two more columns. Staff have no news: their shell is the user row alone.
 */
import { eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/db/client';
import { clients, users } from '@/db/schema';
import { isClientActor, type Actor } from '@/lib/auth/actor';
import { preparedFor } from '@/lib/lists/prepared';
import { getShellUser, shellColumns, toShellUser, type ShellUser } from '@/lib/shell/service';
import { newsStateColumns, newsStateFrom, newsStateValues, type NewsState } from './news';

/** Planned once per database. */
function shellNewsLookup(db: Db) {
  return db
    .select({ ...shellColumns, ...newsStateColumns(db) })
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('shell_user_news');
}

/** The shell's user and, for a firm's user, the page's news state; null news for staff. */
export async function getShellUserAndNews(actor: Actor): Promise<{ user: ShellUser; news: NewsState | null }> {
  if (!isClientActor(actor)) return { user: await getShellUser(actor), news: null };
  const db = await getDb();
  const [row] = await preparedFor('shell', db, 'user+news', () => shellNewsLookup(db)).execute(newsStateValues(actor));
  return { user: toShellUser(actor, row), news: row ? newsStateFrom(row) : null };
}
