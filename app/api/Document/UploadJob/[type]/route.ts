import { handleUploadRequest } from '@/lib/documents/http';

/** POST api/Document/UploadJob/5: one file, multipart/form-data, streamed (never through the JSON parser). */
export const POST = handleUploadRequest;
