import { describe, expect, it } from 'vitest';
import { csvBatchResponse, csvResponse, csvStreamResponse, escapeCell, inBatches } from './csv';

async function* rowsOf(rows: unknown[][]) {
  for (const r of rows) yield r;
}

describe('CSV export', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+61 2 9000', "'+61 2 9000"],
    ['-5', "'-5"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['\rCR', "'\rCR"],
    ['Smith vs Jones', 'Smith vs Jones'],
    [null, ''],
    [42, '42'],
  ])('escapes %j as %j', (input, out) => {
    expect(escapeCell(input)).toBe(out);
  });

  it('quotes per RFC 4180 and streams a download', async () => {
    const res = csvResponse(
      'Jobs.csv',
      ['JMS Number', 'Matter'],
      rowsOf([
        ['100001', 'Smith, "The Elder" vs Jones'],
        ['100002', 'line\nbreak'],
        ['100003', '=HYPERLINK("x")'],
      ]),
    );
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Jobs.csv"');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await res.text();
    expect(text).toBe(
      'JMS Number,Matter\r\n100001,"Smith, ""The Elder"" vs Jones"\r\n100002,"line\nbreak"\r\n100003,"\'=HYPERLINK(""x"")"\r\n',
    );
  });

  it('streams batches the same way, each row cut to the header (extra cells such as a cursor are left out)', async () => {
    async function* batches() {
      yield [
        ['100001', 'Smith, "The Elder" vs Jones', 'cursor-1'],
        ['100002', '=1+1', 'cursor-2'],
      ];
      yield [];
      yield [['100003', null, 'cursor-3']];
    }
    const res = csvBatchResponse('Jobs.csv', ['JMS Number', 'Matter'], batches());
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Jobs.csv"');
    expect(await res.text()).toBe(
      'JMS Number,Matter\r\n100001,"Smith, ""The Elder"" vs Jones"\r\n100002,\'=1+1\r\n100003,\r\n',
    );
  });

  it('starts every download with the UTF-8 byte-order mark and keeps "Müller –" intact (Excel reads it as UTF-8)', async () => {
    async function* batches() {
      yield [['100001', 'Müller – Söhne']];
    }
    const answers = [
      csvResponse('Jobs.csv', ['JMS Number', 'Matter'], rowsOf([['100001', 'Müller – Söhne']])),
      csvBatchResponse('Jobs.csv', ['JMS Number', 'Matter'], batches()),
      csvStreamResponse('Jobs.csv', new Response('JMS Number,Matter\r\n100001,Müller – Söhne\r\n').body!),
    ];
    for (const res of answers) {
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      // Decoded as UTF-8 after the mark, as Excel does once it has seen it.
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3))).toBe(
        'JMS Number,Matter\r\n100001,Müller – Söhne\r\n',
      );
      // Exactly one mark: the header follows it at once.
      expect([...bytes.subarray(3, 6)]).toEqual([...new TextEncoder().encode('JMS')]);
    }
  });

  it('reads in batches until the cursor runs out', async () => {
    const data = Array.from({ length: 25 }, (_, i) => i);
    const seen: number[] = [];
    for await (const x of inBatches<number, number>(async (after) => {
      const start = after ?? 0;
      const rows = data.slice(start, start + 10);
      return { rows, next: rows.length === 10 ? start + 10 : undefined };
    }))
      seen.push(x);
    expect(seen).toEqual(data);
  });
});
