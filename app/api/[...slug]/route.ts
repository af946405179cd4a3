/** Any api/ path no handler serves: the JSON error envelope with 404 (never the HTML page, never a redirect), through the door (its body cap). */
import { errorResponse, legacyDoor } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const notFound = legacyDoor({ auth: 'none' }, async () => errorResponse(404, 'Not found.'));

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
