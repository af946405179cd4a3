/**
 * What /JobSlip shows for a malformed jb, a missing job and another client's job (the same for all three), in the
 * portal layout's <main>.
 */
export default function JobSlipNotFound() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3 py-6 text-center">
      <h1 className="text-xl font-semibold text-ink">Job not found</h1>
      <p className="text-sm text-muted">
        The job could not be found. It may have been opened from an old or mistyped link.
      </p>
    </div>
  );
}
