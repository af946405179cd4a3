'use client';

/**
 * The contextual help texts for HelpTip, given by the signed-in layout: null (the default) when
 * CONTEXTUAL_HELP_ENABLED is off, so every HelpTip renders nothing.
 */
import { createContext, useContext, type ReactNode } from 'react';

const HelpTexts = createContext<Readonly<Record<string, string>> | null>(null);

export function HelpProvider({
  texts,
  children,
}: {
  texts: Readonly<Record<string, string>> | null;
  children: ReactNode;
}) {
  return <HelpTexts.Provider value={texts}>{children}</HelpTexts.Provider>;
}

/** The help text for a key, or null when contextual help is off or the key has no text. */
export function useHelpText(helpKey: string): string | null {
  return useContext(HelpTexts)?.[helpKey] ?? null;
}
