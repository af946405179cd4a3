import { matterHref } from '@/lib/jobs/links';

/** The matter reference, opening the matter's page: on the job list, the invoice list and the matter page. */
export function MatterLink({ reference }: { reference: string }) {
  const href = matterHref(reference);
  return href ? <a href={href}>{reference}</a> : <>{reference}</>;
}
