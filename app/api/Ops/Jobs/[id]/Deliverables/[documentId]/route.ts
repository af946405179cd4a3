import { z } from 'zod';
import { removeDeliverable } from '@/lib/documents/deliverables';
import { idParam } from '@/lib/http/upload';
import { apiRoute } from '@/lib/http/route';
import { messageAnswer } from '@/lib/legacy/answers';
import { STAFF_ROLES } from '@/lib/reference';

/** DELETE api/Ops/Jobs/{id}/Deliverables/{documentId}: removes a deliverable attached by mistake (staff; audited). */
export const DELETE = apiRoute(
  { response: messageAnswer, roles: STAFF_ROLES, params: z.object({ id: idParam, documentId: idParam }) },
  async ({ principal, params }) => {
    await removeDeliverable(principal, params.id, params.documentId);
    return { message: 'The delivered file was removed.' };
  },
);
