import { describe, expect, it } from 'vitest';
import { multipartBody, repeatedBytes } from '@/test/multipart-body';
import { boundaryOf, MULTIPART_MSG, readSingleFile, type MultipartLimits } from './multipart';

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of source) parts.push(Buffer.from(c));
  return Buffer.concat(parts);
}

/** Re-chunks a whole body into pieces of `size` bytes (1 = byte by byte), to cross every boundary. */
async function* rechunk(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
  const all = await collect(source);
  for (let i = 0; i < all.length; i += size) yield all.subarray(i, i + size);
}

async function* raw(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text.replace(/\n/g, '\r\n'), 'utf8');
}

async function readAll(body: AsyncIterable<Uint8Array>, boundary: string, limits?: MultipartLimits) {
  const part = await readSingleFile(body, boundary, limits);
  return { ...part, content: await collect(part.stream) };
}

describe('boundaryOf', () => {
  it.each([
    ['multipart/form-data; boundary=abc', 'abc'],
    ['Multipart/Form-Data; charset=utf-8; boundary="a b:c"', 'a b:c'],
    ['multipart/form-data; boundary=----WebKitFormBoundaryX7aQ', '----WebKitFormBoundaryX7aQ'],
  ])('%j has boundary %j', (header, boundary) => {
    expect(boundaryOf(header)).toBe(boundary);
  });

  it.each([
    [null],
    ['application/json'],
    ['multipart/form-data'],
    ['multipart/form-data; boundary='],
    [`multipart/form-data; boundary=${'x'.repeat(71)}`],
    ['multipart/mixed; boundary=abc'],
  ])('%j is not a form upload', (header) => {
    expect(boundaryOf(header)).toBeNull();
  });
});

describe('readSingleFile', () => {
  const content = Buffer.from('line one\r\n--not the boundary\r\n\r\n--bound\r\nstill content', 'utf8');

  it.each([1, 2, 3, 7, 64, 100_000])(
    'hands on the file exactly, whatever the chunking (%i-byte chunks)',
    async (size) => {
      const m = multipartBody({
        boundary: 'boundary42',
        fields: { note: 'hello' },
        files: [{ fileName: 'brief.pdf', contentType: 'application/pdf', content }],
      });
      const r = await readAll(rechunk(m.body, size), m.boundary);
      expect(r).toMatchObject({ fieldName: 'file', fileName: 'brief.pdf', contentType: 'application/pdf' });
      expect(r.content.equals(content)).toBe(true);
    },
  );

  it('streams a large file without holding it', async () => {
    const m = multipartBody({ files: [{ fileName: 'big.bin', content: repeatedBytes(5 * 1024 * 1024) }] });
    const part = await readSingleFile(m.body, m.boundary);
    let n = 0;
    for await (const c of part.stream) n += Buffer.byteLength(c);
    expect(n).toBe(5 * 1024 * 1024);
  });

  it('reads an empty file', async () => {
    const m = multipartBody({ files: [{ fileName: 'empty.txt', content: '' }] });
    expect((await readAll(m.body, m.boundary)).content.length).toBe(0);
  });

  it('prefers filename* (RFC 5987) and decodes %22 in filename', async () => {
    const star = raw(
      `--b\nContent-Disposition: form-data; name="f"; filename="fallback.pdf"; filename*=UTF-8''Z%C3%BCrich.pdf\n\nx\n--b--\n`,
    );
    expect((await readAll(star, 'b')).fileName).toBe('Zürich.pdf');
    const quoted = raw(`--b\nContent-Disposition: form-data; name="f"; filename="say %22hi%22.txt"\n\nx\n--b--\n`);
    expect((await readAll(quoted, 'b')).fileName).toBe('say "hi".txt');
  });

  it('keeps the raw name for the caller to clean (traversal, NUL)', async () => {
    const body = raw(`--b\nContent-Disposition: form-data; name="f"; filename="../../a.exe%00.pdf"\n\nx\n--b--\n`);
    expect((await readAll(body, 'b')).fileName).toBe('../../a.exe%00.pdf');
  });

  it('skips an empty file input (filename="") and finds no file', async () => {
    const body = raw(
      `--b\nContent-Disposition: form-data; name="f"; filename=""\nContent-Type: application/octet-stream\n\n\n--b--\n`,
    );
    await expect(readSingleFile(body, 'b')).rejects.toMatchObject({ status: 400, message: MULTIPART_MSG.noFile });
  });

  it.each([
    ['no parts at all', '--b--\n', MULTIPART_MSG.noFile],
    ['fields only', '--b\nContent-Disposition: form-data; name="a"\n\n1\n--b--\n', MULTIPART_MSG.noFile],
    ['not multipart at all', '{"File":"x"}', MULTIPART_MSG.invalid],
    // busboy skips a part that is not form-data (RFC 7578 has no other kind): no file in the form.
    ['a part without Content-Disposition', '--b\nContent-Type: text/plain\n\nx\n--b--\n', MULTIPART_MSG.noFile],
    [
      'a part that is not form-data',
      '--b\nContent-Disposition: attachment; filename="a.txt"\n\nx\n--b--\n',
      MULTIPART_MSG.noFile,
    ],
    ['a header line without a colon', '--b\nContent-Disposition form-data\n\nx\n--b--\n', MULTIPART_MSG.invalid],
    ['headers never end', '--b\nContent-Disposition: form-data; name="a"; filename="a.txt"\n', MULTIPART_MSG.invalid],
    // A line that only starts like the delimiter is not one (RFC 2046): preamble, and then the form is empty.
    [
      'garbage after the delimiter',
      '--bXYZ\nContent-Disposition: form-data; name="a"; filename="a.txt"\n\nx\n--b--\n',
      MULTIPART_MSG.noFile,
    ],
  ])('%s: 400 before any file', async (_label, body, message) => {
    await expect(readSingleFile(raw(body), 'b')).rejects.toMatchObject({
      status: 400,
      message,
      fields: { File: [message] },
    });
  });

  it('a truncated file fails its stream', async () => {
    const part = await readSingleFile(
      raw('--b\nContent-Disposition: form-data; name="f"; filename="a.txt"\n\nabc'),
      'b',
    );
    await expect(collect(part.stream)).rejects.toMatchObject({ status: 400, message: MULTIPART_MSG.invalid });
  });

  it('a failure before anyone reads the file is kept for the reader, never thrown at the process', async () => {
    const part = await readSingleFile(
      raw('--b\nContent-Disposition: form-data; name="f"; filename="a.txt"\n\nabc'),
      'b',
    );
    await new Promise((r) => setTimeout(r, 20));
    await expect(collect(part.stream)).rejects.toMatchObject({ status: 400, message: MULTIPART_MSG.invalid });
  });

  it('a second file fails the first one’s stream: only one file', async () => {
    const m = multipartBody({
      files: [
        { fileName: 'a.txt', content: 'a' },
        { fileName: 'b.txt', content: 'b' },
      ],
    });
    const part = await readSingleFile(m.body, m.boundary);
    await expect(collect(part.stream)).rejects.toMatchObject({ message: MULTIPART_MSG.oneFile });
  });

  it('bounds everything that is not the file', async () => {
    const limits = { maxNonFileBytes: 4096, maxParts: 5 };
    const bigField = multipartBody({
      fields: { note: 'x'.repeat(5000) },
      files: [{ fileName: 'a.txt', content: 'a' }],
    });
    await expect(readSingleFile(bigField.body, bigField.boundary, limits)).rejects.toMatchObject({ status: 400 });
    const bigHeader = raw(
      `--b\nContent-Disposition: form-data; name="f"; filename="a.txt"\nX-Pad: ${'p'.repeat(17 * 1024)}\n\nx\n--b--\n`,
    );
    await expect(readSingleFile(bigHeader, 'b', limits)).rejects.toMatchObject({ status: 400 });
    const manyParts = multipartBody({
      fields: Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}`, 'v'])),
      files: [{ fileName: 'a.txt', content: 'a' }],
    });
    await expect(readSingleFile(manyParts.body, manyParts.boundary, limits)).rejects.toMatchObject({ status: 400 });
  });

  it('stops reading the body when the consumer goes away', async () => {
    let pulled = 0;
    const m = multipartBody({
      boundary: 'xyz',
      files: [{ fileName: 'big.bin', content: repeatedBytes(20 * 1024 * 1024) }],
    });
    async function* counted(): AsyncGenerator<Uint8Array> {
      for await (const c of m.body) {
        pulled += c.length;
        yield c;
      }
    }
    const part = await readSingleFile(counted(), 'xyz');
    let got = 0;
    for await (const c of part.stream) {
      got += Buffer.byteLength(c);
      if (got > 1024 * 1024) break;
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(pulled).toBeLessThan(3 * 1024 * 1024);
  });
});
