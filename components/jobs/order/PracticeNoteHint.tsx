/**
 * The line under "I agree to the practice note" on the court copy order: a link to the note when the portal is
 * configured with one (PRACTICE_NOTE_URL), opened in a new tab without handing it this page (noopener, noreferrer);
 * otherwise where to get it. Kept out of the agreement's label so the checkbox's name stays the spec's words.
 */
export const PRACTICE_NOTE_TEXT = {
  link: 'Read the practice note',
  newTab: '(opens in a new tab)',
  fallback: 'The court’s registry can give you its practice note.',
} as const;

export function PracticeNoteHint({ url }: { url: string | null }) {
  if (!url) return <>{PRACTICE_NOTE_TEXT.fallback}</>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {PRACTICE_NOTE_TEXT.link} <span className="sr-only">{PRACTICE_NOTE_TEXT.newTab}</span>
    </a>
  );
}
