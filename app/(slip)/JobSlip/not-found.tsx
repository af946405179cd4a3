/** What /JobSlip shows for a malformed jb, a missing job or another client's job (the same for all three). */
export default function JobSlipNotFound() {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-12 text-center">
      <h1 className="text-xl font-semibold text-ink">Job not found</h1>
      <p className="text-sm text-muted">
        The job could not be found. It may have been opened from an old or mistyped link.
      </p>
    </main>
  );
}
