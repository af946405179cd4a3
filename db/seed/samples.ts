/**
 * One filled instruction block per order type, used by the demo and bulk job generators.
 * A test checks each sample against the job order schemas of lib/jobs.
 */
export const SAMPLE_BLOCKS: Record<number, Record<string, unknown>> = {
  1: { kind: 'appealBook' },
  2: { kind: 'courtCopy' },
  3: { kind: 'copy' },
  4: { kind: 'collection', CollectionDescription: 'Process the e-mail archive supplied on the USB drive.' },
  5: { kind: 'print' },
  6: { kind: 'scan' },
  7: { kind: 'collection', CollectionDescription: 'Advise on the discovery platform for the matter.' },
  8: { kind: 'collection', CollectionDescription: 'File the documents at the registry and return sealed copies.' },
};
