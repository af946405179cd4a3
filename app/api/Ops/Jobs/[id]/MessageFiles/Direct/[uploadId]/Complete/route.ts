import { z } from 'zod';
import { completeStaffMessageUpload } from '@/lib/documents/message-files';
import { apiRoute } from '@/lib/http/route';
import { idParam } from '@/lib/http/upload';
import { documentModelAnswer } from '@/lib/legacy/answers';
import { toLegacyDocument } from '@/lib/legacy/documents';
import { STAFF_ROLES } from '@/lib/reference';

/** POST api/Ops/Jobs/{id}/MessageFiles/Direct/{uploadId}/Complete: the object read back and checked (size, SHA-256, scan). */
export const POST = apiRoute(
  {
    summary: 'Checks a direct-to-bucket staff message file (size, SHA-256, scan) and answers the document model.',
    response: documentModelAnswer,
    roles: STAFF_ROLES,
    params: z.object({ id: idParam, uploadId: idParam }),
  },
  async ({ actor, params }) => toLegacyDocument(await completeStaffMessageUpload(actor, params.id, params.uploadId)),
);
