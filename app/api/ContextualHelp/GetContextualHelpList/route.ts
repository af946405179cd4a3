/** GET api/ContextualHelp/GetContextualHelpList: every help text ({ ContextualHelpKey, ContextualHelpValue }). */
import { listContextualHelp, presentHelpList } from '@/lib/help/service';
import { apiRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({}, async () => presentHelpList(await listContextualHelp()));
