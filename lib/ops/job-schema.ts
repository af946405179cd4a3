/** The slip data staff keep on a job (spec §3 "Job slip": LIONumber, MatterType). Browser-safe: the form and the server share it. */
import { z } from 'zod';
import { textProblem } from '@/lib/validation-rules';

const MAX = 100;

const optional = z
  .string()
  .nullish()
  .transform((v) => v ?? '')
  .superRefine((v, ctx) => {
    const problem = v === '' ? null : textProblem(v, MAX);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => v.trim() || null);

export const slipDataSchema = z.object({ lioNumber: optional, matterType: optional });
export type SlipDataInput = z.input<typeof slipDataSchema>;
