/** What HelpTip gives the page with contextual help off (the default) and on. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HelpProvider } from './help-context';
import { HelpTip, keyToWords } from './HelpTip';

const HELP_TEXTS: Record<string, string> = {
  ContactName: 'The person we contact about this job.',
  AfterHourContactNumber: 'Required outside business hours.',
};

const render = (texts: Record<string, string> | null, key = 'ContactName', label?: string) =>
  renderToStaticMarkup(
    <HelpProvider texts={texts}>
      <label>
        Contact name <HelpTip helpKey={key} label={label} />
      </label>
    </HelpProvider>,
  );

describe('HelpTip', () => {
  it('renders nothing while contextual help is off', () => {
    expect(render(null)).toBe('<label>Contact name </label>');
  });

  it('renders nothing outside the signed-in layout', () => {
    expect(renderToStaticMarkup(<HelpTip helpKey="ContactName" />)).toBe('');
  });

  it('renders nothing for a key without a text', () => {
    expect(render(HELP_TEXTS, 'NoSuchKey')).toBe('<label>Contact name </label>');
  });

  it('renders a named help button when contextual help is on', () => {
    const out = render(HELP_TEXTS, 'ContactName', 'Contact name');
    expect(out).toContain('data-help-tip="ContactName"');
    expect(out).toContain('aria-label="Help: Contact name"');
    expect(out).toContain('aria-expanded="false"');
    expect(out).toContain('type="button"');
  });

  it('names the button from the key when no label is given', () => {
    expect(render(HELP_TEXTS, 'AfterHourContactNumber')).toContain('aria-label="Help: After hour contact number"');
    expect(keyToWords('CostEstimateNumber')).toBe('Cost estimate number');
  });
});
