import type { LicenceState } from '../../shared/settings/index';
import { DAY_MS } from '../../shared/constants';

/** From this many days before its end, an active license says how long it has left. */
export const LICENCE_WARNING_DAYS = 14;

export type LicenceTone = 'active' | 'expiring' | 'expired' | 'none';

/** The badge of a license: Active, Expires in N days, Expired or Not licensed. */
export function licenceBadge({ active, expiresAt }: LicenceState, now = Date.now()): { tone: LicenceTone; text: string } {
  if (expiresAt === null) return { tone: 'none', text: 'Not licensed' };
  if (!active) return { tone: 'expired', text: 'Expired' };
  const days = Math.max(0, Math.ceil((expiresAt - now) / DAY_MS));
  if (days > LICENCE_WARNING_DAYS) return { tone: 'active', text: 'Active' };
  if (days === 0) return { tone: 'expiring', text: 'Expires today' };
  return { tone: 'expiring', text: `Expires in ${days} ${days === 1 ? 'day' : 'days'}` };
}

// Text keeps 4.5:1 on its own background in both themes.
const TONE: Record<LicenceTone, string> = {
  active: 'bg-green-50 text-green-800 ring-green-600/30 dark:bg-green-950 dark:text-green-300 dark:ring-green-400/30',
  expiring: 'bg-amber-50 text-amber-900 ring-amber-600/40 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30',
  expired: 'bg-red-50 text-red-800 ring-red-600/30 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/30',
  none: 'bg-amber-50 text-amber-900 ring-amber-600/40 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30',
};

/** The license's state as a pill (the settings page's header, the server list's cards). */
export function LicencePill({ licence }: { licence: LicenceState }) {
  const { tone, text } = licenceBadge(licence);
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE[tone]}`}>
      <span className="sr-only">License: </span>
      {text}
    </span>
  );
}
