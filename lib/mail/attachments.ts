/**
 * Attachments of the outbox's messages. A row records what to attach, never the bytes: a list of references
 * `{ kind, id }` (the invoice PDF of invoice 12, the receipt of payment 7) stored in `email_outbox.attachments` in the
 * caller's transaction. The worker renders each one when it sends the message, through the kind registered here,
 * so a message and its file come from the same committed rows on whichever instance sends it, and nothing is kept in
 * memory between the request and the send.
 *
 * The kinds are registered by the composition above the domains (lib/server/tasks.ts), because the domains that
 * render them (lib/invoices) sit above lib/mail. The registry lives on globalThis, like the queue's tasks: the
 * bundle that registers and the bundle that sends may be separate module graphs of one process. A message whose
 * attachment kind is not registered, or whose file cannot be rendered, is not sent: the attempt fails and is tried
 * again with the queue's backoff, so a message never leaves without the file it announces.
 */
import type { Queryable } from '@/db/client';

/** What a message carries attached: a kind of the registry and the id of the row it renders. */
export interface AttachmentRef {
  kind: string;
  id: number;
}

/** One rendered file, as the SMTP message carries it. */
export interface RenderedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface AttachmentKind {
  kind: string;
  /** Renders the file from the committed rows; null when the row is gone (the message is then not sent). */
  render(q: Queryable, id: number): Promise<RenderedAttachment | null>;
}

const registryKey = Symbol.for('jms.mail.attachments');

function registry(): Map<string, AttachmentKind> {
  const g = globalThis as unknown as Record<symbol, Map<string, AttachmentKind> | undefined>;
  return (g[registryKey] ??= new Map());
}

/** Registers (or replaces) an attachment kind by name. */
export function registerAttachmentKind(k: AttachmentKind): void {
  registry().set(k.kind, k);
}

/** Renders every attachment of a message, in order; throws when one cannot be rendered. */
export async function renderAttachments(
  q: Queryable,
  refs: readonly AttachmentRef[] | null,
): Promise<RenderedAttachment[]> {
  const out: RenderedAttachment[] = [];
  for (const ref of refs ?? []) {
    const k = registry().get(ref.kind);
    if (!k) throw new Error(`attachment kind '${ref.kind}' is not registered`);
    const file = await k.render(q, ref.id);
    if (!file) throw new Error(`attachment ${ref.kind} ${ref.id} could not be rendered`);
    out.push(file);
  }
  return out;
}
