/** Legacy (spec §7 Documents) answers: the document model, the staff view of delivered files, and the download response. */
import { Readable } from 'node:stream';
import type { z } from 'zod';
import { attachmentDisposition } from '@/lib/documents/filename';
import type { Actor } from '@/lib/auth/actor';
import { listDeliverables, staffUploader } from '@/lib/documents/deliverables';
import type { DocumentInfo, DownloadAnswer, OpenedDocument } from '@/lib/documents/service';
import type { documentModelAnswer } from './answers';

/** Declared once, as the zod schema of the OpenAPI document. */
export type LegacyDocumentModel = z.output<typeof documentModelAnswer>;

/** A delivered file as the staff pages and api/Ops list it: the document model and the uploader's name. */
export type DeliveredFileView = LegacyDocumentModel & { UploadedBy: string | null };

export function toLegacyDocument(d: DocumentInfo): LegacyDocumentModel {
  return {
    DocumentId: d.id,
    FileName: d.fileName,
    Size: d.size,
    ContentType: d.contentType,
    UploadType: d.uploadType,
    JobId: d.jobId,
    CreatedDate: d.createdAt.toISOString(),
    Sha256: d.sha256,
    UploadedById: d.uploadedById,
  };
}

/** A pull-based web stream over a Node stream: reads only as fast as the client takes the bytes. */
export function toWebStream(stream: Readable): ReadableStream<Uint8Array> {
  const it: AsyncIterator<Buffer> = stream[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const r = await it.next();
      if (r.done) controller.close();
      else controller.enqueue(new Uint8Array(r.value.buffer, r.value.byteOffset, r.value.byteLength));
    },
    cancel() {
      stream.destroy();
    },
  });
}

/**
 * A download: always an attachment of type application/octet-stream with nosniff and a sandboxing CSP, so a
 * browser never renders or runs an uploaded file in the portal's origin; streamed, never buffered.
 */
export function downloadResponse({ document, stream }: OpenedDocument): Response {
  return new Response(toWebStream(stream), {
    status: 200,
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(document.size),
      'Content-Disposition': attachmentDisposition(document.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
      ...(document.sha256 ? { 'X-Content-SHA256': document.sha256 } : {}),
    },
  });
}

/** A verified download: the streamed attachment, or a redirect to a presigned URL (never cached). */
export function downloadAnswerResponse(d: DownloadAnswer): Response {
  if (d.kind === 'redirect')
    return new Response(null, {
      status: 302,
      headers: { Location: d.url, 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' },
    });
  return downloadResponse(d);
}

/** The staff view of a job's delivered files (api/Ops and the DeliverablesPanel's first render). */
export async function deliveredFilesView(actor: Actor, jobId: number): Promise<DeliveredFileView[]> {
  staffUploader(actor);
  return (await listDeliverables(actor, jobId)).map((d) => ({ ...toLegacyDocument(d), UploadedBy: d.uploadedByName }));
}
