/** The matter reference, opening the matter's page (issue 28): on the job list, the invoice list and the matter page. */
export function MatterLink({ row }: { row: { matterReference: string; matterHref: string | null } }) {
  return row.matterHref ? <a href={row.matterHref}>{row.matterReference}</a> : <>{row.matterReference}</>;
}
