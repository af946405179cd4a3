import { z } from 'zod';
import { handleStaffMessageUpload, idParam } from '@/lib/http/upload';
import { withContract } from '@/lib/http/route';
import { documentModelAnswer } from '@/lib/legacy/answers';
import { STAFF_ROLES } from '@/lib/reference';

/** POST api/Ops/Jobs/{id}/MessageFiles: one file for a staff message on the job (multipart/form-data, streamed). */
export const POST = withContract(handleStaffMessageUpload, {
  access: 'signed-in',
  roles: STAFF_ROLES,
  summary:
    'Staff upload one file (multipart/form-data, field "file") to attach to a message on a job; answers the document model with its SHA-256 receipt.',
  params: z.object({ id: idParam }),
  multipart: true,
  response: documentModelAnswer,
});
