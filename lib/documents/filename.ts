/**
 * Uploaded file names (spec §5 "File upload"; security guide "Files and exports").
 *
 * The uploaded name is only ever a label: files are stored under generated keys, so the name never reaches
 * the file system. It is cleaned for display and download, and its extension is checked against the
 * configured block list (config().BLOCKED_EXTENSIONS):
 *  - only the last path segment counts ('../../x.pdf' and 'C:\fakepath\x.pdf' become 'x.pdf');
 *  - the FINAL extension decides, case-insensitively ('a.pdf.exe' is blocked, 'a.exe.pdf' is not);
 *  - trailing dots and white space are dropped first, as Windows does ('a.exe.', 'a.exe ' are 'a.exe');
 *  - an NTFS stream suffix is dropped too ('a.exe::$DATA', 'a.exe:x' are checked as 'a.exe');
 *  - a name holding a NUL byte, raw or as '%00', is refused as blocked (its only purpose is to smuggle
 *    an extension past a check that stops at the NUL);
 *  - a dot-file's whole name is its extension ('.exe' is blocked);
 *  - names without an extension are allowed (the list is a deny list; downloads are attachments served
 *    as application/octet-stream with nosniff, so the browser never runs or renders them);
 *  - control and bidirectional-override characters are removed, the name is NFC-normalised, characters
 *    Windows refuses (<>:"/\|?*) become '_' and the name is clipped to 255 characters, keeping the extension.
 */

export const MAX_FILE_NAME_LENGTH = 255;

export type FileNameCheck =
  | { ok: true; fileName: string; extension: string }
  | { ok: false; reason: 'blocked_extension' | 'no_name'; fileName: string };

/** Control characters, and bidi marks and overrides that disguise the real extension (e.g. U+202E). */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2060\u202a-\u202e\u2066-\u2069\ufeff]/gu;
const WINDOWS_RESERVED = /[<>:"/\\|?*]/g;
/** Windows drops trailing dots and spaces; we drop any trailing white space (incl. NBSP and U+3000). */
const TRAILING = /[\s.]+$/u;

/** The last path segment of a name sent by a browser, old IE or a script (both separators). */
function baseName(raw: string): string {
  const parts = raw.split(/[/\\]/);
  return parts[parts.length - 1] ?? '';
}

/** The final extension, lower-case, without the dot; '' when there is none. */
export function finalExtension(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i + 1).toLowerCase();
}

function clip(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= MAX_FILE_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const keep = dot > 0 && name.length - dot <= 20 ? name.slice(dot) : '';
  return chars.slice(0, MAX_FILE_NAME_LENGTH - Array.from(keep).length).join('') + keep;
}

/** The name shown and offered on download: last segment, no invisible or reserved characters. */
export function displayFileName(raw: string): string {
  const base = baseName(raw.normalize('NFC')).replace(INVISIBLE, '');
  const cleaned = base.replace(WINDOWS_RESERVED, '_').replace(TRAILING, '').trim();
  return clip(cleaned);
}

/** Checks an uploaded name against the block list and answers the name to store. */
export function checkFileName(raw: string, blocked: readonly string[]): FileNameCheck {
  const blockedSet = new Set(blocked.map((e) => e.toLowerCase().replace(/^\./, '')));
  const fileName = displayFileName(raw);
  if (/\u0000|%00/i.test(raw)) return { ok: false, reason: 'blocked_extension', fileName };
  // What the operating system would see: last segment, no invisible characters, no stream suffix,
  // no trailing dots or spaces.
  const osName = baseName(raw.normalize('NFC')).replace(INVISIBLE, '');
  const candidates = [osName, osName.split(':')[0] ?? '', fileName].map((n) => n.replace(TRAILING, ''));
  if (candidates.some((n) => blockedSet.has(finalExtension(n))))
    return { ok: false, reason: 'blocked_extension', fileName };
  if (fileName === '' || /^[._\s]*$/u.test(fileName)) return { ok: false, reason: 'no_name', fileName };
  return { ok: true, fileName, extension: finalExtension(fileName) };
}

/** An RFC 6266 Content-Disposition value: an ASCII fallback plus the UTF-8 name (RFC 5987). */
export function attachmentDisposition(fileName: string): string {
  const safe = displayFileName(fileName) || 'download';
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
