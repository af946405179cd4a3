import { z } from 'zod';
import { deliveredFilesView } from '@/lib/documents/deliverables';
import { handleDeliverableUpload, idParam } from '@/lib/documents/http';
import { apiRoute } from '@/lib/http/route';

/** GET api/Ops/Jobs/{id}/Deliverables: the job's delivered files with their receipts (staff). */
export const GET = apiRoute({ params: z.object({ id: idParam }) }, async ({ actor, params }) => deliveredFilesView(actor, params.id));

/** POST api/Ops/Jobs/{id}/Deliverables: attach one finished file (multipart/form-data, streamed). */
export const POST = handleDeliverableUpload;
