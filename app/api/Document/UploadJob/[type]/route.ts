import { z } from 'zod';
import { handleUploadRequest, uploadTypeParam } from '@/lib/http/upload';
import { withContract } from '@/lib/http/route';
import { documentModelAnswer } from '@/lib/legacy/answers';

/** POST api/Document/UploadJob/5: one file, multipart/form-data, streamed (never through the JSON parser). */
export const POST = withContract(handleUploadRequest, {
  access: 'signed-in',
  summary:
    'Uploads one file (multipart/form-data, field "file") for a job about to be saved; answers the document model.',
  params: z.object({ type: uploadTypeParam }),
  multipart: true,
  response: documentModelAnswer,
});
