import { z } from 'zod';
import { idParam, uploadTypeParam } from '@/lib/http/upload';
import { cloneJobDocument } from '@/lib/documents/job-files';
import { toLegacyDocument } from '@/lib/legacy/documents';
import { apiRoute } from '@/lib/http/route';
import { documentModelAnswer } from '@/lib/legacy/answers';

/** POST api/Document/Clone/{targetJob}/{sourceJob}/5: copies the source job's file to the target job. */
export const POST = apiRoute(
  {
    response: documentModelAnswer.nullable(),
    params: z.object({ targetJob: idParam, sourceJob: idParam, type: uploadTypeParam }),
  },
  async ({ actor, params, req }) => {
    const doc = await cloneJobDocument(actor, params.sourceJob, params.targetJob, {
      userAgent: req.headers.get('user-agent'),
    });
    return doc ? toLegacyDocument(doc) : null;
  },
);
