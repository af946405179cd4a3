import { z } from 'zod';
import { deleteStaffMessageFile } from '@/lib/documents/message-files';
import { idParam } from '@/lib/http/upload';
import { apiRoute } from '@/lib/http/route';
import { messageAnswer } from '@/lib/legacy/answers';
import { MSG } from '@/lib/messages';
import { STAFF_ROLES } from '@/lib/reference';

/** DELETE api/Ops/Jobs/{id}/MessageFiles/{documentId}: removes the staff member's own file no message carries yet. */
export const DELETE = apiRoute(
  { response: messageAnswer, roles: STAFF_ROLES, params: z.object({ id: idParam, documentId: idParam }) },
  async ({ actor, params }) => {
    await deleteStaffMessageFile(actor, params.id, params.documentId);
    return { message: MSG.fileDeleted };
  },
);
