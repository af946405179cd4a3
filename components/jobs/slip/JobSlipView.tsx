/**
 * The job slip (spec §3 "Job slip"): a print-friendly, read-only sheet of every field of the job and its type
 * block, the instructions, internal instructions (given only to non-client users, when present), the documents
 * (downloads), feedback, the comment history and the status history. Server component.
 *
 * A delivered job's slip leads with what the firm came for: right under the title, its delivered files, then the
 * `feedback` slot (the client's prompt) and the feedback given, before the page's own panels, the job's fields,
 * instructions and source documents, so a phone shows them without scrolling. Other jobs keep them at the end.
 */
import type { ReactNode } from 'react';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatBytes } from '@/lib/display-size';
import type { SlipFileView, JobSlipView as SlipView } from '@/lib/jobs/present';
import { DELIVERED_STATUS } from '@/lib/reference';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="break-inside-avoid rounded-lg border border-line bg-surface print:rounded-none print:border-0 print:border-t">
      <h2 className="border-b border-line px-4 py-2 text-sm font-semibold tracking-wide text-muted uppercase print:px-0">
        {title}
      </h2>
      <div className="px-4 py-3 print:px-0">{children}</div>
    </section>
  );
}

/** Files with their receipts: name (download), size, when and by whom, and the SHA-256 (printed in full). */
function FileList({ files, label }: { files: SlipFileView[]; label: string }) {
  return (
    <ul className="flex flex-col gap-3 text-sm" aria-label={label}>
      {files.map((d) => (
        <li key={d.id} className="flex flex-col gap-0.5" data-testid="slip-file">
          <span>
            <a href={d.href} download>
              {d.fileName}
            </a>{' '}
            <span className="text-muted">({formatBytes(d.size)})</span>
          </span>
          <span className="text-xs text-muted">
            Uploaded {d.uploadedAt}
            {d.uploadedBy && ` by ${d.uploadedBy}`}
          </span>
          {d.sha256 && (
            <span className="font-mono text-xs break-all text-muted" data-testid="slip-file-sha256">
              SHA-256 {d.sha256}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * `children`: shown right under the title (the staff job page puts its status and slip-data forms there), after a
 * delivered job's files and feedback. `back`: the way back to the list, before the title. `statusHistory`: false
 * where the page shows its own. `feedback`: shown before the feedback given of a delivered job (the prompt for it).
 */
export function JobSlipView({
  slip,
  actions,
  back,
  statusHistory = true,
  feedback,
  children,
}: {
  slip: SlipView;
  actions?: ReactNode;
  back?: ReactNode;
  statusHistory?: boolean;
  feedback?: ReactNode;
  children?: ReactNode;
}) {
  const delivered = slip.status === DELIVERED_STATUS;
  const deliveredFiles = slip.deliverables.length > 0 && (
    <Section title="Delivered files">
      <FileList files={slip.deliverables} label="Delivered files" />
    </Section>
  );
  const feedbackGiven = slip.feedback.length > 0 && (
    <Section title="Feedback">
      <ul className="flex flex-col gap-2 text-sm">
        {slip.feedback.map((f) => (
          <li key={f.id}>
            <span className="font-medium">Rating {f.feedBack} of 5</span>
            {f.comments && <span> — {f.comments}</span>}
            <span className="block text-muted">{[f.by, f.at].filter(Boolean).join(', ')}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
  return (
    <article className="flex flex-col gap-4" aria-labelledby="slip-title">
      {back && <div className="no-print">{back}</div>}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <p className="text-sm text-muted">Job slip</p>
          <h1 id="slip-title" className="text-2xl font-semibold text-ink">
            Job {slip.jmsNumber}
          </h1>
          <p className="flex items-center gap-2 text-sm">
            <span>{slip.orderTypeName}</span>
            <StatusBadge status={slip.status} label={slip.statusLabel} />
          </p>
        </div>
        {actions && <div className="no-print flex gap-2">{actions}</div>}
      </header>
      {delivered && deliveredFiles}
      {delivered && feedback}
      {delivered && feedbackGiven}
      {children}

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 print:grid-cols-2">
        {slip.sections.map((s) => (
          <Section key={s.title} title={s.title}>
            <dl className="grid grid-cols-[minmax(8rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              {s.rows.map((r) => (
                <div key={r.label} className="contents">
                  <dt className="text-muted">{r.label}</dt>
                  <dd className="break-words whitespace-pre-wrap">
                    {r.href ? <a href={r.href}>{r.value}</a> : r.value}
                  </dd>
                </div>
              ))}
            </dl>
          </Section>
        ))}
      </div>

      {slip.instructions && (
        <Section title="Job instructions">
          <p className="text-sm whitespace-pre-wrap">{slip.instructions}</p>
        </Section>
      )}
      {slip.internalInstructions && (
        <Section title="Internal instructions">
          <p className="text-sm whitespace-pre-wrap" data-testid="internal-instructions">
            {slip.internalInstructions}
          </p>
        </Section>
      )}
      <Section title="Documents">
        {slip.documents.length === 0 ? (
          <p className="text-sm text-muted">No documents.</p>
        ) : (
          <FileList files={slip.documents} label="Documents" />
        )}
      </Section>
      {!delivered && deliveredFiles}
      {!delivered && feedbackGiven}
      {slip.comments.length > 0 && (
        <Section title="Comment history">
          <ol className="flex flex-col gap-2 text-sm">
            {slip.comments.map((c) => (
              <li key={c.id}>
                <span className="text-muted">{c.at}</span> · <span className="font-medium">{c.by}</span>
                {c.status && <span className="text-muted"> ({c.status})</span>}
                {c.internal && (
                  <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-ink ring-1 ring-line">
                    Internal
                  </span>
                )}
                <span className="block">{c.comment}</span>
              </li>
            ))}
          </ol>
        </Section>
      )}
      {statusHistory && slip.statusHistory.length > 0 && (
        <Section title="Status history">
          <ol className="flex flex-col gap-2 text-sm" aria-label="Status history">
            {slip.statusHistory.map((h) => (
              <li key={h.id}>
                <span className="text-muted">{h.at}</span> · <span className="font-medium">{h.from}</span> →{' '}
                <span className="font-medium">{h.to}</span>
                <span className="block text-muted">by {h.by}</span>
              </li>
            ))}
          </ol>
        </Section>
      )}
    </article>
  );
}
