/** Renders one kind of the catalogue with its props and the sender's brand: the subject, the HTML and the text. */
import { MAIL_CATALOGUE, type MailKind, type MailProps } from './catalogue';
import type { MailDefinition } from './define';
import { renderHtml, renderText, type MailBrand, type RenderedMail } from './template';

export function renderMail<K extends MailKind>(kind: K, props: MailProps<K>, brand: MailBrand): RenderedMail {
  const def = MAIL_CATALOGUE[kind] as unknown as MailDefinition<K, MailProps<K>>;
  const subject = def.subject(props);
  const content = def.body(props);
  return { subject, html: renderHtml(subject, content, brand), text: renderText(content, brand) };
}
