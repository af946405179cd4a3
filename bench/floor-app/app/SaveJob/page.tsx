/**
 * The floor of /SaveJob for the Web Vitals of bench/pages.ts: no list, so no floor SQL; a static form with the first
 * fields of the portal's new-job form (same labels), rendered on the server, with no script of its own.
 */
export const dynamic = 'force-dynamic';

const TYPES = ['Collection', 'Delivery', 'Copy', 'Scan', 'Print', 'Court copy', 'Appeal book'];

export default function Page() {
  return (
    <main>
      <h1>New Job</h1>
      <form method="post">
        <p>
          <label htmlFor="orderType">Order type</label>
          <select id="orderType" name="orderType" defaultValue="">
            <option value="">Select</option>
            {TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </p>
        {['Contact name', 'E-mail', 'Contact phone', 'Matter reference', 'Cost estimate number'].map((label) => (
          <p key={label}>
            <label htmlFor={label}>{label}</label>
            <input id={label} name={label} />
          </p>
        ))}
        <p>
          <label htmlFor="instructions">Instructions</label>
          <textarea id="instructions" name="instructions" rows={4} />
        </p>
        <button type="submit">Save</button>
      </form>
    </main>
  );
}
