import { z } from 'zod';
import { idParam } from '@/lib/http/upload';
import { deleteDocument } from '@/lib/documents/service';
import { apiRoute } from '@/lib/http/route';
import { documentDeletedAnswer } from '@/lib/legacy/answers';

/** DELETE api/Document/{id}: removes an upload not yet attached to a saved job. */
export const DELETE = apiRoute(
  { response: documentDeletedAnswer, params: z.object({ id: idParam }) },
  async ({ actor, params }) => {
    const r = await deleteDocument(actor, params.id);
    return { Success: true, Message: r.message };
  },
);
