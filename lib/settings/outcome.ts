/**
 * What the Settings page shows for each answer of the save (spec §8 wording). Browser-safe: only
 * types come from the server modules.
 */
import { MSG } from '@/lib/messages';
import type { UpdateSettingsResult } from './service';

export type SaveSettingsOutcome = UpdateSettingsResult | { status: 'signed-out' };
export type SaveAlertsOutcome = { status: 'updated' } | { status: 'not-found' } | { status: 'invalid'; fields: Record<string, string[]> } | { status: 'signed-out' };

/** The banner after a save: success, or why nothing was saved. */
export function saveBanner(r: SaveSettingsOutcome): { tone: 'success' | 'error'; text: string } {
  switch (r.status) {
    case 'updated':
      return { tone: 'success', text: MSG.settingsUpdated };
    case 'reused':
      return { tone: 'error', text: MSG.passwordReused };
    default:
      return { tone: 'error', text: MSG.settingsNotUpdated };
  }
}
