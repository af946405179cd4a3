'use client';
/**
 * The text of a filter field bound to one URL parameter: typing updates the field at once and applies
 * the value after the 400 ms debounce; a change of the URL from elsewhere (Reset, the back button, the
 * same filter in the mobile panel) shows in the field, unless the user is still typing in it.
 */
import { useState } from 'react';
import { useDebounced, useListParams } from './useListParams';

export function useParamText(
  name: string,
  apply: (value: string) => void,
): { value: string; editing: boolean; onChange: (value: string) => void } {
  const { params } = useListParams();
  return useSyncedText(params.get(name) ?? '', apply);
}

/**
 * The same for a text whose applied value comes from elsewhere than one URL parameter (the job list's parsed
 * state): `current` is the value in force, `apply` is called after the debounce.
 */
export function useSyncedText(
  current: string,
  apply: (value: string) => void,
): { value: string; editing: boolean; onChange: (value: string) => void } {
  const [value, setValue] = useState(current);
  const [seen, setSeen] = useState(current);
  const [editing, setEditing] = useState(false);
  if (current !== seen) {
    // Adjusting state while rendering (React's pattern for "state derived from a changed prop").
    setSeen(current);
    if (!editing && current !== value.trim()) setValue(current);
  }
  const push = useDebounced((v: string) => {
    setEditing(false);
    apply(v);
  });
  return {
    value,
    editing,
    onChange: (v: string) => {
      setValue(v);
      setEditing(true);
      push(v);
    },
  };
}
