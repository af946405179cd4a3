import { z } from 'zod';
import { idParam } from '@/lib/documents/http';
import { downloadResponse } from '@/lib/documents/legacy';
import { openDocument } from '@/lib/documents/service';
import { apiRoute } from '@/lib/http/route';

/** GET api/Document/Download/{id}: the file as an attachment, only to users of the owning client, and to staff for a job's file (audited). */
export const GET = apiRoute({ params: z.object({ id: idParam }) }, async ({ actor, params }) => downloadResponse(await openDocument(actor, params.id)));
