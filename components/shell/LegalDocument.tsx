/** A legal document page (terms, privacy): title, date, a table of contents and numbered sections. */
import type { ReactNode } from 'react';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

export function LegalDocument({
  title,
  updated,
  updatedLabel = 'Last updated',
  intro,
  sections,
}: {
  title: string;
  updated: string;
  updatedLabel?: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article className="flex flex-col gap-6 leading-relaxed">
      <header className="flex flex-col gap-2">
        <h1 className="page-title">{title}</h1>
        <p className="text-sm text-muted">
          {updatedLabel} {updated}
        </p>
        <div className="flex flex-col gap-3">{intro}</div>
      </header>
      <nav aria-label="Contents" className="rounded-lg border border-line bg-surface p-4 text-sm">
        <h2 className="mb-2 font-semibold">Contents</h2>
        <ol className="list-decimal space-y-1 pl-5">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="flex scroll-mt-4 flex-col gap-3">
          <h2 id={`${s.id}-title`} className="section-title">
            {i + 1}. {s.heading}
          </h2>
          <div className="flex flex-col gap-3 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">{s.body}</div>
        </section>
      ))}
    </article>
  );
}
