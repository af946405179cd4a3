import { z } from 'zod';
import { deliveredFilesView } from '@/lib/legacy/documents';
import { handleDeliverableUpload, idParam } from '@/lib/http/upload';
import { apiRoute, withContract } from '@/lib/http/route';
import { deliveredFilesAnswer, documentModelAnswer } from '@/lib/legacy/answers';
import { STAFF_ROLES } from '@/lib/reference';

/** GET api/Ops/Jobs/{id}/Deliverables: the job's delivered files with their receipts (staff). */
export const GET = apiRoute(
  { response: deliveredFilesAnswer, roles: STAFF_ROLES, params: z.object({ id: idParam }) },
  async ({ actor, params }) => deliveredFilesView(actor, params.id),
);

/** POST api/Ops/Jobs/{id}/Deliverables: attach one finished file (multipart/form-data, streamed). */
export const POST = withContract(handleDeliverableUpload, {
  access: 'signed-in',
  roles: STAFF_ROLES,
  summary:
    'Staff attach one finished file (multipart/form-data, field "file") to a job; answers the document model with its SHA-256 receipt.',
  params: z.object({ id: idParam }),
  multipart: true,
  response: documentModelAnswer,
});
