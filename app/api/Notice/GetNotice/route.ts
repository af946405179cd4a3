/** GET api/Notice/GetNotice: the active notice for the caller ({ NoticeId, Title, Content }), or null. */
import { getActiveNotice, presentNotice } from '@/lib/notices/service';
import { apiRoute } from '@/lib/http/route';
import { noticeAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ response: noticeAnswer }, async ({ actor }) => {
  const notice = await getActiveNotice(actor);
  return notice ? presentNotice(notice) : null;
});
