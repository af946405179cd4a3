/** The footer of every alert: why the reader gets it, and the one-click way to stop it. */
import { portalUrl } from '../links';
import { TextLink, type MailBrand } from '../template';

export function AlertFooter({ why, unsubscribeUrl, brand }: { why: string; unsubscribeUrl: string; brand: MailBrand }) {
  return (
    <>
      <TextLink href={portalUrl('/Settings')} brand={brand} lead={`${why} in`} small>
        Settings
      </TextLink>
      <TextLink href={unsubscribeUrl} brand={brand} small>
        Stop these alerts
      </TextLink>
    </>
  );
}
