/**
 * Server-rendered markup of the kit: what assistive technology is given (labels, descriptions,
 * states). No DOM library is installed, so these read the HTML that react-dom/server produces.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MSG } from '@/lib/messages';
import { Alert } from './Alert';
import { Button } from './Button';
import { DataTable } from './DataTable';
import { EmailText } from './EmailText';
import { EmptyState } from './EmptyState';
import { Field } from './Field';
import { Input } from './Input';
import { Pagination } from './Pagination';
import { RadioGroup } from './RadioGroup';
import { StatusBadge } from './StatusBadge';
import { Textarea } from './Textarea';

const html = (el: React.ReactElement) => renderToStaticMarkup(el);
const attr = (markup: string, tag: string, name: string) =>
  new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(markup)?.[1];

describe('Field', () => {
  it('labels the control and describes it with help and error', () => {
    const out = html(
      <Field id="email" label="Email" help="Work address" error="Required" required>
        <Input />
      </Field>,
    );
    expect(out).toContain('<label for="email"');
    expect(attr(out, 'input', 'id')).toBe('email');
    expect(attr(out, 'input', 'aria-describedby')).toBe('email-help email-error');
    expect(attr(out, 'input', 'aria-invalid')).toBe('true');
    expect(attr(out, 'input', 'aria-required')).toBe('true');
    expect(out).toContain('id="email-error"');
    expect(out).toContain('Required');
  });

  it('leaves a valid control unmarked', () => {
    const out = html(
      <Field id="name" label="Name">
        <Input />
      </Field>,
    );
    expect(attr(out, 'input', 'aria-invalid')).toBeUndefined();
    expect(attr(out, 'input', 'aria-describedby')).toBeUndefined();
  });

  it('counts characters of a textarea and links the counter', () => {
    const out = html(
      <Field id="notes" label="Additional instructions">
        <Textarea maxLength={1000} showCount defaultValue="hello" />
      </Field>,
    );
    expect(out).toContain('5 / 1000');
    const counterId = /<p id="([^"]+)"[^>]*>5 \/ 1000/.exec(out)?.[1];
    expect(attr(out, 'textarea', 'aria-describedby')).toBe(counterId);
  });
});

describe('RadioGroup', () => {
  it('is a named group of native radios with the checked value', () => {
    const out = html(
      <RadioGroup
        legend="Prepare"
        name="prepare"
        value={2}
        options={[
          { value: 1, label: 'Draft' },
          { value: 2, label: 'Copies of final' },
        ]}
        onValueChange={() => {}}
      />,
    );
    expect(out).toContain('<fieldset role="radiogroup"');
    expect(out).toMatch(/<legend id="[^"]+"[^>]*>Prepare/);
    expect(out.match(/type="radio"/g)).toHaveLength(2);
    const checked = out.match(/<input[^>]*checked=""[^>]*>/g) ?? [];
    expect(checked).toHaveLength(1);
    expect(checked[0]).toContain('value="2"');
  });
});

describe('Button', () => {
  it('is aria-disabled and busy while loading, never disabled: it keeps focus (WCAG 2.4.3)', () => {
    const out = html(
      <Button loading loadingText="Saving…">
        Save
      </Button>,
    );
    expect(out).not.toContain('disabled=""');
    expect(out).toContain('aria-disabled="true"');
    expect(out).toContain('aria-busy="true"');
    expect(out).toContain('Saving…');
    expect(out).toContain('type="button"');
  });
});

describe('StatusBadge and Alert', () => {
  it('shows the status label with the status colours', () => {
    const out = html(<StatusBadge status={12} />);
    expect(out).toContain('data-status="12"');
    expect(out).toContain('Submitted');
  });

  it('announces errors as alerts and successes as status', () => {
    expect(html(<Alert tone="error">Bad</Alert>)).toContain('role="alert"');
    expect(html(<Alert tone="success">{MSG.userCreated}</Alert>)).toContain('role="status"');
  });

  it('says No Data Available when empty', () => {
    expect(html(<EmptyState />)).toContain('No Data Available');
  });
});

describe('Pagination', () => {
  it('marks the current page and links to the others', () => {
    const out = html(<Pagination page={3} totalCount={95} pageSize={10} hrefForPage={(p) => `/JobClient?page=${p}`} />);
    expect(out).toContain('aria-label="Pagination"');
    expect(out).toMatch(/<a href="\/JobClient\?page=3" aria-label="Page 3" aria-current="page"/);
    for (const p of [1, 2, 4, 5]) expect(out).toContain(`aria-label="Page ${p}"`);
    expect(out).not.toContain('aria-label="Page 6"');
    expect(out).toContain('href="/JobClient?page=10" aria-label="Last page"');
  });

  it('hides links outside the mobile pair below md', () => {
    const out = html(<Pagination page={3} totalCount={95} pageSize={10} onPageChange={() => {}} />);
    const hidden = [...out.matchAll(/<li class="hidden md:block"><button[^>]*aria-label="Page (\d+)"/g)].map(
      (m) => m[1],
    );
    expect(hidden).toEqual(['1', '2', '5']);
  });

  it('says a capped total is a lower bound, leads on with Next and offers no Last page', () => {
    const out = html(
      <Pagination page={1} totalCount={1001} totalCapped pageSize={10} showSummary onPageChange={() => {}} />,
    );
    expect(out).toContain('Showing 1 to 10 of more than 1000');
    expect(out).toMatch(/<button type="button" aria-label="Next page"/);
    expect(out).toMatch(/<button type="button" disabled=""[^>]*aria-label="Last page"/);
  });

  it('"All": says how many rows it shows when more match than one page holds, and how to reach the others', () => {
    const big = html(
      <Pagination page={1} totalCount={250156} pageSize={0} showSummary onPageChange={() => {}} />,
    ).replace(/<!-- -->/g, '');
    expect(big).toContain(
      'Showing 1 to 5000 of 250156 (“All” shows the first 5000: filter the list to see the others)',
    );
    const small = html(
      <Pagination page={1} totalCount={156} pageSize={0} showSummary onPageChange={() => {}} />,
    ).replace(/<!-- -->/g, '');
    expect(small).toContain('Showing 1 to 156 of 156</p>');
  });

  it('disables first and previous on page one', () => {
    const out = html(<Pagination page={1} totalCount={30} pageSize={10} onPageChange={() => {}} />);
    expect(out).toMatch(/<button type="button" disabled=""[^>]*aria-label="First page"/);
    expect(out).toMatch(/<button type="button" disabled=""[^>]*aria-label="Previous page"/);
  });
});

describe('DataTable', () => {
  type Row = { id: number; jms: string; status: number };
  const columns = [
    { id: 'jms', header: 'Job Number', cell: (r: Row) => r.jms, sortKey: 1 },
    { id: 'status', header: 'Status', cell: (r: Row) => <StatusBadge status={r.status} />, sortKey: 8 },
    { id: 'actions', header: 'Actions', cell: () => 'Edit' },
  ];
  const rows: Row[] = [
    { id: 1, jms: 'JMS-001', status: 12 },
    { id: 2, jms: 'JMS-002', status: 8 },
  ];

  it('renders a sortable table, and the cards only in a narrow browser (never in the HTML: each row once)', () => {
    const out = html(
      <DataTable
        caption="Jobs"
        columns={columns}
        rows={rows}
        getRowId={(r) => String(r.id)}
        sort={{ column: 8, direction: 2 }}
        onSortChange={() => {}}
        renderCard={(r) => <article>{r.jms}</article>}
        rowHeaderColumn="jms"
      />,
    );
    expect(out).toContain('<caption class="sr-only">Jobs</caption>');
    expect(out).toMatch(/<th scope="col" aria-sort="descending"[^>]*><button type="button"[^>]*>Status/);
    expect(out).toMatch(/<th scope="col"><button type="button"[^>]*>Job Number/);
    expect(out).toMatch(/<th scope="col">Actions<\/th>/);
    expect(out).toMatch(/<th scope="row"[^>]*>JMS-001<\/th>/);
    expect(out).toContain('<table class="dt"');
    expect(out).not.toContain('<ul aria-label="Jobs"');
    expect(out).not.toContain('<article>');
    expect(out).not.toContain('Filter and sort');
  });

  it('shows No Data Available for an empty list', () => {
    const out = html(
      <DataTable caption="Jobs" columns={columns} rows={[]} getRowId={(r) => String(r.id)} renderCard={() => null} />,
    );
    expect(out.match(/No Data Available/g)).toHaveLength(1);
  });
});

describe('EmailText', () => {
  it('lets an address wrap after the @ and before each dot only', () => {
    const out = html(<EmailText email="ann.lee@harbour-legal.com.au" />);
    expect(out).toBe('<span class="break-words">ann<wbr/>.lee@<wbr/>harbour-legal<wbr/>.com<wbr/>.au</span>');
    expect(out.replace(/<[^>]+>/g, '')).toBe('ann.lee@harbour-legal.com.au');
  });
});
