import { describe, expect, it } from 'vitest';
import { attachmentDisposition, checkFileName, displayFileName, finalExtension } from './filename';

const BLOCKED = ['exe', 'bat', 'js', 'jar', 'dll', 'msi', 'ps1', 'vbs', 'cmd'];

describe('checkFileName: blocked extensions', () => {
  it.each([
    ['plain executable', 'setup.exe'],
    ['upper case', 'SETUP.EXE'],
    ['mixed case', 'Run.Bat'],
    ['double extension, executable last', 'invoice.pdf.exe'],
    ['trailing dot', 'a.exe.'],
    ['trailing dots and spaces', 'a.exe . .  '],
    ['trailing tab', 'a.exe\t'],
    ['trailing no-break space', 'a.exe\u00a0'],
    ['trailing ideographic space', 'a.js\u3000'],
    ['trailing zero-width space', 'a.exe\u200b'],
    ['NTFS stream suffix', 'a.exe::$DATA'],
    ['NTFS named stream', 'a.exe:hidden.pdf'],
    ['percent-encoded NUL', 'a.exe%00.pdf'],
    ['raw NUL', 'a.exe\u0000.pdf'],
    ['NUL anywhere', 'report\u0000.pdf'],
    ['dot-file that is all extension', '.exe'],
    ['path traversal', '../../evil.ps1'],
    ['windows path', 'C:\\Users\\me\\Desktop\\tool.msi'],
    ['right-to-left override hiding the extension', 'invoice\u202Efdp.exe'],
    ['leading and trailing spaces', '  macro.vbs  '],
  ])('%s (%j) is refused', (_label, name) => {
    const r = checkFileName(name, BLOCKED);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBe('blocked_extension');
  });
});

describe('checkFileName: allowed names', () => {
  it.each([
    ['a pdf', 'brief.pdf', 'brief.pdf', 'pdf'],
    ['an executable word inside the name', 'exe-notes.docx', 'exe-notes.docx', 'docx'],
    ['blocked extension not last', 'setup.exe.pdf', 'setup.exe.pdf', 'pdf'],
    ['no extension', 'README', 'README', ''],
    ['dot-file not blocked', '.profile', '.profile', 'profile'],
    ['traversal keeps only the last segment', '../../x.pdf', 'x.pdf', 'pdf'],
    ['windows path keeps only the file', 'C:\\fakepath\\Brief (final).PDF', 'Brief (final).PDF', 'pdf'],
    ['trailing dot dropped', 'scan.tiff.', 'scan.tiff', 'tiff'],
    ['colon in a macOS name', 'Meeting 10:30.pdf', 'Meeting 10_30.pdf', 'pdf'],
    ['reserved characters replaced', 'a<b>c|d?.txt', 'a_b_c_d_.txt', 'txt'],
    ['unicode kept (NFC)', 'Zu\u0308rich Akte.pdf', 'Zürich Akte.pdf', 'pdf'],
    ['control characters removed', 'in\u0007voice\r\n.pdf', 'invoice.pdf', 'pdf'],
  ])('%s: %j is stored as %j', (_label, name, stored, ext) => {
    expect(checkFileName(name, BLOCKED)).toEqual({ ok: true, fileName: stored, extension: ext });
  });

  it('reads the block list case- and dot-insensitively', () => {
    expect(checkFileName('a.EXE', ['.Exe']).ok).toBe(false);
  });
});

describe('checkFileName: names that are no name', () => {
  it.each([[''], ['   '], ['...'], ['../'], ['C:\\dir\\'], ['\u202e']])('%j is refused', (name) => {
    expect(checkFileName(name, BLOCKED)).toMatchObject({ ok: false, reason: 'no_name' });
  });
});

describe('displayFileName', () => {
  it('clips long names to 255 characters and keeps the extension', () => {
    const name = displayFileName(`${'a'.repeat(400)}.pdf`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('finalExtension is lower case without the dot', () => {
    expect(finalExtension('A.B.DOCX')).toBe('docx');
    expect(finalExtension('noext')).toBe('');
  });
});

describe('attachmentDisposition', () => {
  it('offers an ASCII fallback and the UTF-8 name, never raw quotes or line breaks', () => {
    expect(attachmentDisposition('Zürich "final"; v2.pdf')).toBe(
      `attachment; filename="Z_rich _final__ v2.pdf"; filename*=UTF-8''Z%C3%BCrich%20_final_%3B%20v2.pdf`,
    );
    expect(attachmentDisposition('a\r\nSet-Cookie: x=1.txt')).not.toMatch(/[\r\n]/);
  });
});
