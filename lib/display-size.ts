/**
 * A file's size as people read it, the same everywhere it is shown (the order form's uploads, the slip, the matter
 * page, the deliverables panel, the "delivered" e-mail): 1.2 MB, 350 KB, 12 bytes. Pure: safe in client components.
 */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}
