'use client';
/**
 * The text of a filter field bound to one URL parameter: typing updates the field at once and applies
 * the value after the 400 ms debounce; a change of the URL from elsewhere (Reset, the back button, the
 * same filter in the mobile panel) shows in the field, unless the user is still typing in it.
 */
import { useState } from 'react';
import { useDebounced, useListParams } from './useListParams';

export function useParamText(name: string, apply: (value: string) => void): { value: string; editing: boolean; onChange: (value: string) => void } {
  const { params } = useListParams();
  const urlValue = params.get(name) ?? '';
  const [value, setValue] = useState(urlValue);
  const [seen, setSeen] = useState(urlValue);
  const [editing, setEditing] = useState(false);
  if (urlValue !== seen) {
    // Adjusting state while rendering (React's pattern for "state derived from a changed prop").
    setSeen(urlValue);
    if (!editing && urlValue !== value.trim()) setValue(urlValue);
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
