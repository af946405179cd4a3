import { z } from 'zod';
import { removeDeliverable, staffUploader } from '@/lib/documents/deliverables';
import { idParam } from '@/lib/documents/http';
import { apiRoute } from '@/lib/http/route';

/** DELETE api/Ops/Jobs/{id}/Deliverables/{documentId}: removes a deliverable attached by mistake (staff; audited). */
export const DELETE = apiRoute({ params: z.object({ id: idParam, documentId: idParam }) }, async ({ actor, params }) => {
  await removeDeliverable(staffUploader(actor), params.id, params.documentId);
  return { message: 'The delivered file was removed.' };
});
