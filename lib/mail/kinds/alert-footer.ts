/** The footer of every alert: why the reader gets it, and the one-click way to stop it. */
import { portalUrl } from '../links';
import type { MailBlock } from '../template';

export function alertFooter(why: string, unsubscribeUrl: string): MailBlock[] {
  return [
    { link: 'Settings', href: portalUrl('/Settings'), lead: `${why} in`, small: true },
    { link: 'Stop these alerts', href: unsubscribeUrl, small: true },
  ];
}
