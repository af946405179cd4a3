/** A stored file whose bytes no longer match the SHA-256 taken at upload: told to support, once per file. */
import { defineMail } from '../define';
import { Facts, P } from '../template';

export interface IntegrityProps {
  documentId: number;
  documentKind: string;
  fileName: string;
  clientId: number;
  jobId: number | null;
  storageKey: string;
  expected: string | null;
  found: string;
  noticedBy: string;
  at: Date;
}

export const integrityMail = defineMail({
  kind: 'integrity',
  audience: 'Support (SUPPORT_EMAIL)',
  subject: (p: IntegrityProps) => `JMS Portal: stored file ${p.documentId} no longer matches its SHA-256`,
  body: (p: IntegrityProps) => ({
    heading: `Stored file ${p.documentId} no longer matches its SHA-256`,
    content: (
      <>
        <P>A download was refused because the stored bytes no longer match the SHA-256 receipt taken at upload.</P>
        <Facts
          items={[
            ['Document', `${p.documentId} (${p.documentKind}) ${p.fileName}`],
            ['Client id', String(p.clientId)],
            ['Job id', p.jobId === null ? '-' : String(p.jobId)],
            ['Storage key', p.storageKey],
            ['Expected SHA-256', p.expected ?? '-'],
            ['Found SHA-256', p.found],
            ['Noticed by', `${p.noticedBy} at ${p.at.toISOString()}`],
          ]}
        />
      </>
    ),
  }),
  sample: () => ({
    documentId: 5120,
    documentKind: 'deliverable',
    fileName: 'Affidavit-signed.pdf',
    clientId: 7,
    jobId: 1042,
    storageKey: 'deliverables/7/1042/5120',
    expected: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    found: '60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752',
    noticedBy: 'user hv.sam (id 42)',
    at: new Date('2026-03-02T03:15:00Z'),
  }),
});
