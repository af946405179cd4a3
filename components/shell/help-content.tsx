/** Texts of the /Help page that are lists: what each job type and each job status means. */
import type { JobStatusId, OrderTypeId } from '@/lib/reference';

export const ORDER_TYPE_HELP: Record<OrderTypeId, string> = {
  1: 'Appeal books: a draft for checking, or copies of the final book, with index, cover and filing, served where you say.',
  2: 'Court copy: we attend the registry and photocopy or scan the court file or subpoenaed material you name.',
  3: 'Copy: copies of documents we collect from you, to your instructions for paper, binding, dividers and numbering.',
  4: 'Data processing: work on electronic material, such as conversion or preparing documents for review.',
  5: 'Print: printing of electronic files you upload, with separator sheets, tabs, binding and page numbering as you choose.',
  6: 'Scan: scanning of paper documents, with document breaks, numbering, OCR, indexing and delivery electronically or on media.',
  7: 'Consulting: advice and help from our team on a document-heavy matter.',
  8: 'Court: court attendances and filing.',
};

export const STATUS_HELP: Record<JobStatusId, string> = {
  15: 'We are preparing or waiting on a cost estimate before work starts.',
  12: 'Your order has reached us. Every new order starts here.',
  6: 'We are ready to collect the material from you.',
  9: 'A courier is collecting the material.',
  1: 'The job is booked in and waiting for production.',
  2: 'Production has started.',
  7: 'Our quality check is under way.',
  4: 'The job is finished and waiting for delivery.',
  14: 'A courier is delivering the job.',
  8: 'The job has been delivered. You can leave feedback.',
  3: 'Work is paused, usually while we wait for instructions. We will contact you.',
  13: 'The job is waiting for payment before release.',
  10: 'The job was cancelled.',
};
