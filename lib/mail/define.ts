/**
 * One e-mail kind of the catalogue (lib/mail/catalogue.ts): its kind (stored with each outbox row), who it is for,
 * its subject and its body from typed props, and sample props for the previews and the catalogue's test.
 */
import type { MailBrand, MailContent } from './template';

export interface MailDefinition<K extends string, P> {
  kind: K;
  /** Who receives it, in a few words (shown in the previews). */
  audience: string;
  subject(props: NoInfer<P>): string;
  /** The body: its heading and a React Email tree (lib/mail/template.tsx); the brand gives the links' colour. */
  body(props: P, brand: MailBrand): MailContent;
  /** Props that show every part of the e-mail (links absolute, as the portal builds them). */
  sample(appUrl: string): NoInfer<P>;
}

export function defineMail<const K extends string, P>(d: MailDefinition<K, P>): MailDefinition<K, P> {
  return d;
}
