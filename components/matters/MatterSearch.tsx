'use client';
/**
 * The search box: one field that finds the client's matters, jobs and invoices by matter reference,
 * party name or description, with suggestions as the user types. cmdk's Command gives the accessible combobox
 * (input role=combobox, listbox, arrow keys, Enter); the suggestions come from POST api/Matter/Search (the one
 * door, tenant-scoped, bounded), asked once the user pauses (a short debounce) and at most one request in flight
 * that matters (older answers are dropped).
 *
 * The server renders only the labelled combobox input (cmdk's root, its sr-only label and the hidden listbox with
 * its sizer and empty text cost markup on every /JobClient visit, twice over in the payload). Once the page's script
 * runs, the cmdk box replaces it before anyone uses it, so a screen reader or a phone's keyboard meets one box only.
 * Text typed before that (the page was still loading) moves over with the caret, and so does the focus if the first
 * box had it, in the same commit: no keystroke is lost.
 */
import { Command } from 'cmdk';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { controlClasses, controlHeight } from '@/components/ui/control-styles';
import { apiFetch } from '@/lib/client-side/api';
import type { MatterSearchAnswer, SearchHit } from '@/lib/matters/search';

const DEBOUNCE_MS = 200;
const MIN = 2;
const EMPTY: MatterSearchAnswer = { matters: [], jobs: [], invoices: [] };

const LABEL = 'Find a matter, job or invoice';
const PLACEHOLDER = 'Matter reference, party name or description';
const inputClasses = `${controlClasses} ${controlHeight}`;

const itemClasses =
  'flex cursor-pointer flex-col rounded px-3 py-2 text-sm text-ink data-[selected=true]:bg-brand-50 outline-none';

function Group({ heading, hits, onPick }: { heading: string; hits: SearchHit[]; onPick: (href: string) => void }) {
  if (!hits.length) return null;
  return (
    <Command.Group
      heading={heading}
      className="py-1 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted [&_[cmdk-group-heading]]:uppercase"
    >
      {hits.map((h) => (
        <Command.Item key={h.href} value={h.href} onSelect={() => onPick(h.href)} className={itemClasses}>
          <span className="font-medium [overflow-wrap:anywhere]">{h.label}</span>
          <span className="text-muted [overflow-wrap:anywhere]">{h.detail}</span>
        </Command.Item>
      ))}
    </Command.Group>
  );
}

/** What the first box held when it was replaced: its text and caret, and whether it had the focus. */
interface Wake {
  text: string;
  start: number | null;
  end: number | null;
  focused: boolean;
}

export function MatterSearch() {
  const [wake, setWake] = useState<Wake | null>(null);
  // The suggestions' list, once there is one (collapsed until then, so it need not exist: ARIA 1.2 combobox).
  const listId = useId();
  const first = useRef<HTMLInputElement>(null);
  // After hydration: the server's box hands over to cmdk's.
  useEffect(() => {
    const el = first.current;
    if (el)
      setWake({
        text: el.value,
        start: el.selectionStart,
        end: el.selectionEnd,
        focused: document.activeElement === el,
      });
  }, []);
  return (
    <div role="search" aria-label="Matters, jobs and invoices" className="relative w-full max-w-xl">
      {/* cmdk names the input from its own label (aria-labelledby): the visible text is that label's. */}
      <p aria-hidden="true" className="mb-1 text-sm font-medium text-ink">
        {LABEL}
      </p>
      {wake ? (
        <LiveSearch wake={wake} />
      ) : (
        // Uncontrolled: text typed before the page's script ran is kept and carried over.
        <input
          type="text"
          role="combobox"
          aria-expanded={false}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-label={LABEL}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          placeholder={PLACEHOLDER}
          className={inputClasses}
          maxLength={100}
          ref={first}
        />
      )}
    </div>
  );
}

function LiveSearch({ wake }: { wake: Wake }) {
  const router = useRouter();
  const [text, setText] = useState(wake.text);
  const [answer, setAnswer] = useState<MatterSearchAnswer>(EMPTY);
  const [loading, setLoading] = useState(wake.text.trim().length >= MIN);
  const [open, setOpen] = useState(wake.focused);
  const asked = useRef(0);
  const input = useRef<HTMLInputElement>(null);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Asks for the suggestions of q once the user pauses; an older answer arriving late is dropped. */
  const schedule = (q: string, mine: number) => {
    timer.current = setTimeout(() => {
      apiFetch('/api/Matter/Search', { method: 'POST', json: { Query: q } })
        .then(async (res) => (res.ok ? ((await res.json()) as MatterSearchAnswer) : EMPTY))
        .catch(() => EMPTY)
        .then((a) => {
          if (mine !== asked.current) return;
          setAnswer(a);
          setLoading(false);
        });
    }, DEBOUNCE_MS);
  };

  /** The text changed: ask for suggestions once the user pauses. */
  const ask = (value: string) => {
    setText(value);
    setOpen(true);
    clearTimeout(timer.current);
    const mine = ++asked.current;
    const q = value.trim();
    if (q.length < MIN) {
      setAnswer(EMPTY);
      setLoading(false);
      return;
    }
    setLoading(true);
    schedule(q, mine);
  };

  // The focus (if the first box had it), caret and any text typed into the first box move here before the next
  // key; that text is asked for.
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    if (wake.focused) el.focus();
    if (wake.start !== null && wake.focused) el.setSelectionRange(wake.start, wake.end ?? wake.start);
    const q = wake.text.trim();
    if (q.length >= MIN) schedule(q, ++asked.current);
    // Once, when the box is woken.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pick = (href: string) => {
    setOpen(false);
    router.push(href);
  };
  const none = !answer.matters.length && !answer.jobs.length && !answer.invoices.length;
  const showList = open && text.trim().length >= MIN;

  return (
    <Command shouldFilter={false} label={LABEL} loop>
      <Command.Input
        ref={input}
        value={text}
        onValueChange={ask}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
        placeholder={PLACEHOLDER}
        className={inputClasses}
        maxLength={100}
      />
      {/* Always in the page once woken (hidden when closed): the input's aria-controls names it. */}
      <Command.List
        hidden={!showList}
        className="absolute right-0 left-0 z-40 mt-1 max-h-96 overflow-y-auto rounded-md border border-line bg-surface p-1 shadow-lg"
      >
        {loading && none ? (
          <Command.Loading>
            <span className="block px-3 py-2 text-sm text-muted">Searching…</span>
          </Command.Loading>
        ) : (
          <Command.Empty className="px-3 py-2 text-sm text-muted">No matters, jobs or invoices match.</Command.Empty>
        )}
        <Group heading="Matters" hits={answer.matters} onPick={pick} />
        <Group heading="Jobs" hits={answer.jobs} onPick={pick} />
        <Group heading="Invoices" hits={answer.invoices} onPick={pick} />
      </Command.List>
    </Command>
  );
}
