/** The court copy's practice note line: a safe new-tab link when configured, the registry otherwise. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Checkbox } from '@/components/ui/Checkbox';
import { PracticeNoteHint } from './PracticeNoteHint';

const agreement = (url: string | null) =>
  renderToStaticMarkup(
    <Checkbox id="pn" label="I agree to the practice note" description={<PracticeNoteHint url={url} />} />,
  );

describe('practice note link', () => {
  it('links to the configured note in a new tab that cannot reach back to the order (noopener, noreferrer), said to screen readers', () => {
    const out = agreement('https://courts.example.gov/practice-note-7');
    expect(out).toMatch(
      /<a href="https:\/\/courts\.example\.gov\/practice-note-7" target="_blank" rel="noopener noreferrer"[^>]*>Read the practice note <span class="sr-only">\(opens in a new tab\)<\/span><\/a>/,
    );
    // The link is the checkbox's description, so the checkbox is still named by the spec's words alone.
    expect(out).toContain('aria-describedby="pn-desc"');
    expect(out).toMatch(/<label for="pn"[^>]*>I agree to the practice note<\/label>/);
  });

  it('names where to get the note, and links nowhere, when no note is configured', () => {
    const out = agreement(null);
    expect(out).not.toContain('<a ');
    expect(out).toContain('The court’s registry can give you its practice note.');
  });
});
