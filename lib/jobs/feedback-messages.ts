/** The feedback messages, zod-free so the job list's actions menu can show them without loading a schema. */
const ASK = 'How did we do?';
const SCALE = 'Rate the job from 1 (poor) to 5 (excellent).';
const ONCE = 'Feedback rates a delivered job, once.';

export const FEEDBACK_MSG = {
  ratingRequired: 'Please choose a rating from 1 to 5.',
  notDelivered: 'Feedback can be given once the job has been delivered.',
  /** The (disabled) menu item of a job not delivered yet. */
  afterDelivery: 'Feedback after delivery',
  /** The feedback dialog's description: the rating, and why only delivered jobs take one. */
  leaveDescription: `${ASK} ${SCALE} ${ONCE}`,
  /** The delivered job's slip: its prompt's heading, text and button (the job list's menu item says the same). */
  promptTitle: ASK,
  promptText: `${SCALE} ${ONCE}`,
  leave: 'Leave feedback',
  alreadyGiven: 'Feedback has already been given for this job.',
  jobNotFound: 'Job not found.',
} as const;
