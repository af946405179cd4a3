/**
 * How many source files one job takes, as one rule for the server (attaching uploads, copying an earlier
 * job's files) and the order form (its uploads and the files of a copied job it ticked, counted before sending).
 * Browser-safe.
 */

/** The most source files one job takes; each file keeps the per-file limit (MAX_UPLOAD_BYTES). */
export const MAX_JOB_FILES = 20;

export const JOB_FILES_MSG = {
  tooMany: `A job takes at most ${MAX_JOB_FILES} files.`,
} as const;

/** Whether a job holding `held` source files takes `adding` more (uploads and copies alike). */
export function jobFilesFit(held: number, adding: number): boolean {
  return held + adding <= MAX_JOB_FILES;
}
