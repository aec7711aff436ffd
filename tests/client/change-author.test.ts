import { beforeAll, describe, expect, it } from 'vitest';
import { OWN_CHANGE_AUTHOR } from '../../src/client/features/settings/change-author';
import { planLiveEvent } from '../../src/client/features/settings/live-updates';
import { loadSettingsChecks } from '../../src/client/features/settings/settings-checks';
import { conflictMessage } from '../../src/client/features/settings/useSettingsSaver';
import type { SettingConflictBody } from '../../src/shared/settings/index';
import { kenjiSettings } from './helpers/settings-fixture';

// A live notice names the value it saw: the settings checks describe it, and load after hydration.
beforeAll(() => loadSettingsChecks());

const ME = '100000000000000002';
const ALICE = '100000000000000009';
const AT = Date.UTC(2026, 10, 20, 12, 30);
const time = new Date(AT).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

const conflict = (changedById: string | null, changedBy: string | null = 'Demo Owner'): SettingConflictBody => ({
  error: 'Channel was changed',
  code: 'CONFLICT',
  current: null,
  changedBy,
  changedById,
  changedAt: AT,
});

describe('the live notice and the conflict note name the same person the same way', () => {
  it('the page’s own user, who saved in another tab, is "You (in another tab)" in both', () => {
    const plan = planLiveEvent(
      {
        type: 'settings',
        source: 'save',
        by: { id: ME, name: 'Demo Owner' },
        at: AT,
        tab: null,
        changes: [{ section: 'antimp3', key: 'enabled', value: true }],
      },
      kenjiSettings(),
      { ownTabs: [], userId: ME, editing: null, appliedAt: new Map() },
    );
    expect(plan.toast?.title.startsWith(`${OWN_CHANGE_AUTHOR} `)).toBe(true);
    expect(conflictMessage(conflict(ME), ME)).toBe(`You (in another tab) changed this at ${time} while you were editing; it shows that value now.`);
  });

  it('someone else by the name the audit shows; nobody known is Someone', () => {
    expect(conflictMessage(conflict(ALICE, 'Alice'), ME)).toBe(`Alice changed this at ${time} while you were editing; it shows their value now.`);
    expect(conflictMessage(conflict(null, null), ME)).toBe(`Someone changed this at ${time} while you were editing; it shows their value now.`);
    // Signed-out or unknown, the page has no user of its own: a name is a name.
    expect(conflictMessage(conflict(ME), null)).toContain('Demo Owner changed this');
  });
});
