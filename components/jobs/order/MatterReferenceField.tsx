'use client';

/**
 * Matter reference with suggestions (spec §7 POST api/Job/ClientMatterReference/{clientId}): an ARIA 1.2
 * combobox; typing asks for suggestions 400 ms after the last key (§9); arrow keys move through the listbox,
 * Enter picks, Escape closes. Free text stays allowed: a suggestion is a help, not a constraint.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Controller } from 'react-hook-form';
import { HelpTip } from '@/components/shell/HelpTip';
import { cn } from '@/components/ui/cn';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { apiFetch } from '@/lib/client-side/api';
import type { JobOrderInput } from '@/lib/jobs/schema';
import { SEARCH_DEBOUNCE_MS } from '@/lib/reference';
import { fieldId } from './fields';

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

export function MatterReferenceField({ clientId }: { clientId: number }) {
  return (
    <Controller<JobOrderInput, 'matterReference'>
      name="matterReference"
      render={({ field, fieldState }) => (
        <MatterCombobox
          clientId={clientId}
          inputRef={field.ref}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

interface ComboboxProps {
  clientId: number;
  inputRef: Ref<HTMLInputElement>;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
}

function MatterCombobox({ clientId, inputRef, name, value, onChange, onBlur, error }: ComboboxProps) {
  const [query, setQuery] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = fieldId('matterReference');
  const listId = `${id}-suggestions`;
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const text = query?.trim() ?? '';
    if (query === null || text === '') return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      // A 401 signs out and comes back to the form (apiFetch); other failures just offer no suggestions.
      apiFetch(`/api/Job/ClientMatterReference/${clientId}`, {
        method: 'POST',
        json: { SearchText: text },
        signal: ctrl.signal,
      })
        .then(async (res) => (res.ok ? ((await res.json()) as unknown) : []))
        .then((list) => {
          const items = isStringList(list) ? list.filter((s) => s !== text) : [];
          setSuggestions(items);
          setActive(-1);
          setOpen(items.length > 0);
        })
        .catch(() => undefined);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [query, clientId]);

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  function pick(s: string) {
    onChange(s);
    setOpen(false);
    setActive(-1);
    setQuery(null);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' && suggestions.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp' && open && suggestions.length > 0) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      const s = suggestions[active];
      if (s !== undefined) pick(s);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  }

  return (
    <Field
      id={id}
      required
      error={error}
      label="Matter reference"
      labelAside={<HelpTip helpKey="MatterReference" label="Matter reference" />}
    >
      <div className="relative">
        <Input
          ref={inputRef}
          name={name}
          role="combobox"
          autoComplete="off"
          maxLength={255}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setQuery(e.target.value);
            if (e.target.value.trim() === '') setOpen(false);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            onBlur();
            blurTimer.current = setTimeout(() => setOpen(false), 150);
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Matter reference suggestions"
          hidden={!open}
          className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border border-line bg-surface py-1 shadow-lg"
        >
          {suggestions.map((s, i) => (
            <li
              key={s}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={cn('cursor-pointer px-3 py-2 text-sm text-ink', i === active && 'bg-brand-50')}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(s)}
            >
              {s}
            </li>
          ))}
        </ul>
      </div>
    </Field>
  );
}
