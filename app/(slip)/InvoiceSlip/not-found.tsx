/** What /InvoiceSlip shows for an unknown, foreign or malformed invoice reference. */
export default function InvoiceSlipNotFound() {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-12 text-center">
      <h1 className="text-xl font-semibold text-ink">Invoice not found</h1>
      <p className="text-sm text-muted">
        The invoice could not be found. It may have been opened from an old or mistyped link.
      </p>
    </main>
  );
}
