import { describe, expect, it } from 'vitest';
import { crlfRecords } from './copy';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe('crlfRecords', () => {
  it('ends records in CRLF and leaves line breaks inside quoted cells alone', () => {
    const r = crlfRecords(bytes('a,"x\ny ""q"" z"\nb,c\n'), false);
    expect(text(r.out)).toBe('a,"x\ny ""q"" z"\r\nb,c\r\n');
    expect(r.inQuotes).toBe(false);
  });

  it('carries the quote state across chunk boundaries, whatever the cut', () => {
    const csv = 'ünï,"multi\nline, ""quoted"""\n"=x",\n,"\n"\nlast,row\n';
    const expected = 'ünï,"multi\nline, ""quoted"""\r\n"=x",\r\n,"\n"\r\nlast,row\r\n';
    const all = bytes(csv);
    for (let cut = 0; cut <= all.length; cut++) {
      const a = crlfRecords(all.slice(0, cut), false);
      const b = crlfRecords(all.slice(cut), a.inQuotes);
      expect(text(new Uint8Array([...a.out, ...b.out]))).toBe(expected);
    }
  });

  it('hands back a chunk without record ends as it is', () => {
    const chunk = bytes('no break here');
    expect(crlfRecords(chunk, false).out).toBe(chunk);
  });
});
