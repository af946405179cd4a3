/**
 * Renders one kind of the catalogue with its props and the sender's brand: the subject, and one React Email tree
 * rendered to HTML, whose text part is made from that HTML (lib/mail/template.tsx says how).
 */
import { render, toPlainText } from '@react-email/render';
import { MAIL_CATALOGUE, type MailKind, type MailProps } from './catalogue';
import type { MailDefinition } from './define';
import { MailLayout, TEXT_OPTIONS, type MailBrand, type RenderedMail } from './template';

export async function renderMail<K extends MailKind>(
  kind: K,
  props: MailProps<K>,
  brand: MailBrand,
): Promise<RenderedMail> {
  const def = MAIL_CATALOGUE[kind] as unknown as MailDefinition<K, MailProps<K>>;
  const subject = def.subject(props);
  const html = await render(<MailLayout subject={subject} mail={def.body(props, brand)} brand={brand} />);
  return { subject, html, text: toPlainText(html, TEXT_OPTIONS) };
}
