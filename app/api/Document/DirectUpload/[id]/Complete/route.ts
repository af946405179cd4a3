import { z } from 'zod';
import { completeDirectUpload } from '@/lib/documents/direct';
import { apiRoute } from '@/lib/http/route';
import { idParam } from '@/lib/http/upload';
import { documentModelAnswer } from '@/lib/legacy/answers';
import { toLegacyDocument } from '@/lib/legacy/documents';

/**
 * POST api/Document/DirectUpload/{id}/Complete: the portal reads the uploaded object back (size, SHA-256, malware
 * scan) and only then keeps it as the caller's upload; answers the document model with its receipt.
 */
export const POST = apiRoute(
  {
    summary: 'Checks a direct-to-bucket upload (size, SHA-256, scan) and answers the document model.',
    response: documentModelAnswer,
    params: z.object({ id: idParam }),
  },
  async ({ actor, params, req }) =>
    toLegacyDocument(await completeDirectUpload(actor, params.id, req.headers.get('user-agent'))),
);
