/**
 * Who owns a job: the assignment input (one zod schema for the staff form, the bulk action and
 * /api/v1) and its messages, written once. Browser-safe. The service that applies it is lib/jobs/assign.ts.
 */
import { z } from 'zod';

export const ASSIGN_MSG = {
  chooseAssignee: 'Please choose a staff user, or "Nobody".',
  notStaff: 'Please choose an active staff user.',
  already: (name: string) => `The job is already assigned to ${name}.`,
  alreadyNobody: 'The job is already unassigned.',
  assigned: (name: string | null) => (name ? `Assigned to ${name}.` : 'The job is now unassigned.'),
} as const;

/** `assigneeId` null: nobody (unassign). */
export const assignSchema = z.object({
  assigneeId: z
    .number({ error: ASSIGN_MSG.chooseAssignee })
    .int(ASSIGN_MSG.chooseAssignee)
    .min(1, ASSIGN_MSG.chooseAssignee)
    .max(2_147_483_647, ASSIGN_MSG.chooseAssignee)
    .nullable(),
});
export type AssignInput = z.input<typeof assignSchema>;
