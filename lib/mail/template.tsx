/**
 * The e-mail template, in React Email: the branded layout (`MailLayout`) and the pieces each kind's body is made of
 * (a paragraph, a sub-heading, a code, the main action, a link, facts, a list, a quote, small print). One component
 * tree gives both parts: React Email renders it to HTML, and the text part is made from that HTML with the rules
 * below (`TEXT_OPTIONS`), so a link's address is spelled out after its label, a code stands alone on its line, facts
 * are one a line and a list follows its title. The HTML is a single column, at most 600 px wide and fluid below that, with inline styles
 * only (what mail programs keep), `lang`, one h1, real h2s, alt text on the logo and colours that pass WCAG AA on
 * white. Every link is absolute: an e-mail is read outside the portal.
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';

/** Who sends: the provider's name and logo (supplier settings) and the brand colour. */
export interface MailBrand {
  name: string;
  /** An absolute URL of the logo image, or null: the name stands in its place. */
  logoUrl: string | null;
  /** The brand colour: the button, the links and the header's rule (white text on it passes AA). */
  colour: string;
}

/** A kind's body: its heading (the h1, the preview line and the first line of the text part) and its content. */
export interface MailContent {
  heading: string;
  content: ReactNode;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
/** Body text on white: 14.7:1. */
const INK = '#1f2937';
/** Small print on white: 7.6:1. */
const MUTED = '#4b5563';

const para = { margin: '0 0 16px', fontSize: '16px', lineHeight: '1.5', color: INK } as const;
const smallPara = { margin: '0 0 8px', fontSize: '13px', lineHeight: '1.5', color: MUTED } as const;

export function P({ children }: { children: ReactNode }) {
  return <Text style={para}>{children}</Text>;
}

export function H2({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={{ margin: '24px 0 8px', fontSize: '18px', lineHeight: '1.3', color: INK }}>
      {children}
    </Heading>
  );
}

/** A code to type (a sign-in code): alone on its own line in both parts. */
export function Code({ label, code }: { label: string; code: string }) {
  return (
    <>
      <Text style={{ ...para, margin: '0 0 4px' }}>{label}</Text>
      <Text
        style={{
          ...para,
          fontFamily: 'Consolas,Menlo,monospace',
          fontSize: '28px',
          fontWeight: 700,
          letterSpacing: '4px',
        }}
      >
        {code}
      </Text>
    </>
  );
}

/** The e-mail's main action: a button in HTML, "label: URL" in text. */
export function Action({ href, brand, children }: { href: string; brand: MailBrand; children: string }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        href={href}
        style={{
          background: brand.colour,
          borderRadius: '6px',
          padding: '12px 20px',
          color: '#ffffff',
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** A secondary link: "lead label" with the label linked in HTML, "lead label: URL" in text. */
export function TextLink(props: { href: string; brand: MailBrand; children: string; lead?: string; small?: boolean }) {
  return (
    <Text style={props.small ? smallPara : para}>
      {props.lead ? `${props.lead} ` : ''}
      <Link href={props.href} style={{ color: props.brand.colour, textDecoration: 'underline' }}>
        {props.children}
      </Link>
    </Text>
  );
}

/** Facts, one a line: "name: value". */
export function Facts({ items }: { items: readonly (readonly [string, string] | false | null | undefined)[] }) {
  return (
    <Section style={{ margin: '0 0 16px' }}>
      {items
        .filter((f): f is readonly [string, string] => !!f)
        .map(([k, v]) => (
          <Text key={k} className="fact" style={{ ...para, margin: '0 0 2px' }}>
            <span style={{ color: MUTED }}>{`${k}:`}</span> {v}
          </Text>
        ))}
    </Section>
  );
}

/** A list, with the line that introduces it. */
export function List({ title, items }: { title?: string; items: readonly string[] }) {
  return (
    <>
      {title ? (
        <Text className="list-title" style={{ ...para, margin: '0 0 4px' }}>
          {title}
        </Text>
      ) : null}
      <ul style={{ margin: '0 0 16px', paddingLeft: '20px', color: INK }}>
        {items.map((i, n) => (
          <li key={n}>{i}</li>
        ))}
      </ul>
    </>
  );
}

/** Words written by someone (a message): kept as written, line breaks and indents included, in both parts. */
export function Quote({ children }: { children: string }) {
  return (
    <blockquote
      style={{
        margin: '0 0 16px',
        padding: '8px 12px',
        borderLeft: '4px solid #d1d5db',
        color: INK,
        whiteSpace: 'pre-wrap',
      }}
    >
      {children}
    </blockquote>
  );
}

export function Small({ children }: { children: ReactNode }) {
  return <Text style={smallPara}>{children}</Text>;
}

function footerLine(brand: MailBrand): string {
  return `Sent by ${brand.name} through the JMS Portal.`;
}

/** The branded layout around a kind's body: the logo (or the name), the heading, the body and the footer. */
export function MailLayout({ subject, mail, brand }: { subject: string; mail: MailContent; brand: MailBrand }) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{subject}</title>
      </Head>
      <Body style={{ margin: 0, padding: '16px 8px', background: '#f3f4f6' }}>
        <Preview>{mail.heading}</Preview>
        <Container
          style={{
            maxWidth: '600px',
            width: '100%',
            background: '#ffffff',
            borderTop: `4px solid ${brand.colour}`,
            fontFamily: FONT,
            color: INK,
          }}
        >
          <Section style={{ padding: '16px 24px 0' }}>
            {brand.logoUrl ? (
              <Img
                src={brand.logoUrl}
                alt={brand.name}
                height="40"
                style={{ display: 'block', height: '40px', maxWidth: '100%', border: 0 }}
              />
            ) : (
              <Text style={{ margin: 0, fontSize: '18px', fontWeight: 700, color: brand.colour }}>{brand.name}</Text>
            )}
          </Section>
          <Section style={{ padding: '16px 24px 8px', overflowWrap: 'anywhere', wordBreak: 'break-word' }}>
            <Heading as="h1" style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '1.3', color: INK }}>
              {mail.heading}
            </Heading>
            {mail.content}
          </Section>
          <Hr style={{ margin: 0, borderColor: '#e5e7eb' }} />
          <Section style={{ padding: '16px 24px' }}>
            <Text style={{ ...smallPara, margin: 0 }}>{footerLine(brand)}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

interface TextElem {
  attribs?: Record<string, string>;
  children: unknown[];
}
interface TextBuilder {
  addInline(s: string): void;
}

/**
 * How the text part is made from the HTML (html-to-text, through React Email's `toPlainText`): headings as written
 * (not upper-cased), a link as "label: URL", facts one a line, list items after "- ", a quote as written.
 */
export const TEXT_OPTIONS = {
  formatters: {
    labelledLink(elem: TextElem, walk: (nodes: unknown[], b: TextBuilder) => void, builder: TextBuilder) {
      walk(elem.children, builder);
      const href = elem.attribs?.href;
      if (href) builder.addInline(`: ${href}`);
    },
  },
  selectors: [
    { selector: 'h1', options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 2 } },
    { selector: 'h2', options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    { selector: 'a', format: 'labelledLink' },
    { selector: 'p.fact', format: 'paragraph', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'p.list-title', format: 'paragraph', options: { leadingLineBreaks: 2, trailingLineBreaks: 1 } },
    { selector: 'ul', options: { itemPrefix: '- ', leadingLineBreaks: 1 } },
    { selector: 'blockquote', format: 'pre' },
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block' },
    { selector: 'tbody', format: 'block' },
  ],
};
