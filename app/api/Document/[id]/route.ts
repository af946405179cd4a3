import { z } from 'zod';
import { idParam } from '@/lib/documents/http';
import { deleteDocument } from '@/lib/documents/service';
import { apiRoute } from '@/lib/http/route';

/** DELETE api/Document/{id}: removes an upload not yet attached to a saved job. */
export const DELETE = apiRoute({ params: z.object({ id: idParam }) }, async ({ actor, params }) => {
  const r = await deleteDocument(actor, params.id);
  return { Success: true, Message: r.message };
});
