/** GET api/ContextualHelp/GetContextualHelpList: every help text ({ ContextualHelpKey, ContextualHelpValue }). */
import { listContextualHelp, presentHelpList } from '@/lib/help/service';
import { apiRoute } from '@/lib/http/route';
import { helpListAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ response: helpListAnswer }, async () => presentHelpList(await listContextualHelp()));
