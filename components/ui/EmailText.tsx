/**
 * An e-mail address that wraps only where it reads well: after the @ and before each dot, never in
 * the middle of a name, so a narrow table column shows "ann.lee@" / "harbour-legal" / ".com.au".
 */
import { Fragment } from 'react';

export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span className="break-words">
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {p}
        </Fragment>
      ))}
    </span>
  );
}
