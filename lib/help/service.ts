/**
 * Contextual help (spec §1, §3, §7): short texts looked up by key and shown beside form fields.
 * Shown only when CONTEXTUAL_HELP_ENABLED is on (off by default); the list is always served.
 */
import { asc, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { contextualHelp } from '@/db/schema';
import { config } from '@/lib/config';

export interface HelpItem {
  key: string;
  value: string;
}

/** The help texts in use (retired ones are kept for staff but not served). */
export async function listContextualHelp(): Promise<HelpItem[]> {
  const db = await getDb();
  return db
    .select({ key: contextualHelp.key, value: contextualHelp.value })
    .from(contextualHelp)
    .where(isNull(contextualHelp.retiredAt))
    .orderBy(asc(contextualHelp.key));
}

export function contextualHelpEnabled(): boolean {
  return config().CONTEXTUAL_HELP_ENABLED;
}

/** The help texts by key for the page shell, or null when contextual help is switched off. */
export async function helpTextsForShell(): Promise<Record<string, string> | null> {
  if (!contextualHelpEnabled()) return null;
  const items = await listContextualHelp();
  return Object.fromEntries(items.map((i) => [i.key, i.value]));
}

/** The legacy shape of api/ContextualHelp/GetContextualHelpList. */
export function presentHelpList(items: HelpItem[]): { ContextualHelpKey: string; ContextualHelpValue: string }[] {
  return items.map((i) => ({ ContextualHelpKey: i.key, ContextualHelpValue: i.value }));
}
