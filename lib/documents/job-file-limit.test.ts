/** The one file-count rule the order form and the server share. */
import { describe, expect, it } from 'vitest';
import { JOB_FILES_MSG, jobFilesFit, MAX_JOB_FILES } from './job-file-limit';

describe('the files a job takes', () => {
  it('takes up to 20 files in all, counting what the job holds and what is added (uploads and copies alike)', () => {
    expect(MAX_JOB_FILES).toBe(20);
    expect(jobFilesFit(0, 20)).toBe(true);
    expect(jobFilesFit(0, 21)).toBe(false);
    // A new job with 18 uploads and 3 ticked copies of an earlier job's files: 21.
    expect(jobFilesFit(0, 18 + 3)).toBe(false);
    expect(jobFilesFit(17, 3)).toBe(true);
    expect(jobFilesFit(17, 4)).toBe(false);
  });

  it('says the limit in the words the server answers with', () => {
    expect(JOB_FILES_MSG.tooMany).toBe('A job takes at most 20 files.');
  });
});
