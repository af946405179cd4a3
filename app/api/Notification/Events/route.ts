/**
 * GET api/Notification/Events?since=: the signed-in client user's news (lib/jobs/news.ts) after a position.
 * With Accept: text/event-stream, a Server-Sent Events stream (lib/jobs/news-stream.ts) that resumes from
 * Last-Event-ID when the browser reconnects; otherwise one JSON answer (the poll where a stream cannot go).
 * Without a position: from now. Not the user's activity: it does not keep an idle session open.
 */
import { apiRoute } from '@/lib/http/route';
import { decodePosition, newsPositionNow, readNewsAfter } from '@/lib/jobs/news';
import { newsPollAnswer } from '@/lib/jobs/news-schema';
import { newsEventStream, SSE_HEADERS } from '@/lib/jobs/news-stream';
import { CLIENT_ROLES } from '@/lib/reference';

export const dynamic = 'force-dynamic';
/** A serverless function may stream this long; the stream itself ends after LIVE_STREAM_SECONDS (55 s by default). */
export const maxDuration = 60;

export const GET = apiRoute(
  {
    roles: CLIENT_ROLES,
    passive: true,
    summary:
      'News of the signed-in user after a position: an event stream (Accept: text/event-stream) or one JSON answer.',
    response: newsPollAnswer,
  },
  async ({ req, actor, url }) => {
    const given = req.headers.get('last-event-id')?.trim() || url.searchParams.get('since')?.trim() || null;
    if (given !== null) decodePosition(given);
    const from = given ?? (await newsPositionNow());
    if ((req.headers.get('accept') ?? '').includes('text/event-stream')) {
      return new Response(newsEventStream(actor, from, req.signal), { headers: SSE_HEADERS });
    }
    return readNewsAfter(actor, from);
  },
);
