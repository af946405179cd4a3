/**
 * The guided tour of the job list and ordering (spec §4). Each step points at a
 * [data-tour="…"] anchor; steps whose anchor is missing or hidden (e.g. the nav links inside the
 * closed mobile menu, or the Menu button on a desktop) are left out. Browser-safe.
 */
export interface TourStep {
  /** The anchors to point at, first visible one wins (e.g. the nav link, else the page's own button). */
  anchors: readonly string[];
  title: string;
  description: string;
}

export const TOUR_STEPS: readonly TourStep[] = [
  {
    anchors: ['nav-jobs'],
    title: 'Your jobs',
    description: 'Every job your firm has ordered, newest first. You land here after signing in.',
  },
  { anchors: ['nav-menu'], title: 'Menu', description: 'Jobs, New job, Invoices, Settings and Help are in this menu.' },
  {
    anchors: ['job-filters'],
    title: 'Find a job',
    description:
      'Filter by job number, matter reference, description, contact, status or dates. The list follows as you type.',
  },
  {
    anchors: ['job-table'],
    title: 'Follow progress',
    description:
      'Each job shows its status and when it was logged, is due and was delivered. Open the job slip, leave feedback, or copy a job to order it again.',
  },
  { anchors: ['job-export'], title: 'Export', description: 'Download the jobs that match your filters as a CSV file.' },
  {
    anchors: ['nav-new-job', 'new-job'],
    title: 'Order a new job',
    description:
      'Pick the job type, give the contact, matter and dates, then the details for that type. You can attach a source file of up to 50 MB.',
  },
  {
    anchors: ['nav-invoices'],
    title: 'Invoices',
    description: 'See and export your invoices, open an invoice slip and pay online.',
  },
  {
    anchors: ['nav-help'],
    title: 'Help',
    description:
      'Answers about ordering, tracking, invoices and your account, and this tour again whenever you want it.',
  },
];

export const tourSelector = (anchor: string) => `[data-tour="${anchor}"]`;
