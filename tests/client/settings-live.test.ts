import { describe, expect, it } from 'vitest';
import type { LiveLicenceEvent, LiveSettingsEvent } from '../../src/shared/live';
import { parseLiveEvent } from '../../src/shared/live';
import { licenceToast, planLiveEvent, type LiveContext } from '../../src/client/features/settings/live-updates';
import { kenjiSettings } from './helpers/settings-fixture';

const LISTENERS = '400000000000001001';
const ALICE = { id: '100000000000000009', name: 'Alice' };
const ME = '100000000000000002';

const event = (over: Partial<LiveSettingsEvent> = {}): LiveSettingsEvent => ({
  type: 'settings',
  source: 'save',
  by: ALICE,
  at: 1000,
  tab: 'tab-of-alice-0001',
  changes: [{ section: 'autorole', key: 'roleID', value: LISTENERS }],
  ...over,
});
const context = (over: Partial<LiveContext> = {}): LiveContext => ({ tab: 'tab-of-mine-00001', userId: ME, editing: null, appliedAt: new Map(), ...over });

describe('planLiveEvent: what a change saved elsewhere does to the page', () => {
  it('applies a save and says who changed what to which value', () => {
    const plan = planLiveEvent(event(), kenjiSettings(), context());
    expect(plan).toEqual({
      apply: [{ section: 'autorole', key: 'roleID', value: LISTENERS }],
      hold: [],
      toast: { title: 'Alice changed Auto-Role › Role', detail: 'to @Listeners', warn: false },
    });
  });

  it("says 'reverted' for a revert, and names the person's other tab as theirs", () => {
    expect(planLiveEvent(event({ source: 'revert' }), kenjiSettings(), context()).toast?.title).toBe('Alice reverted Auto-Role › Role');
    expect(planLiveEvent(event({ by: { id: ME, name: 'Demo Owner' } }), kenjiSettings(), context()).toast?.title).toBe(
      'You (in another tab) changed Auto-Role › Role',
    );
  });

  it('says a change the bot made for a member was made in Discord', () => {
    expect(planLiveEvent(event({ source: 'bot', tab: null }), kenjiSettings(), context()).toast).toEqual({
      title: 'Alice changed Auto-Role › Role in Discord',
      detail: 'to @Listeners',
      warn: false,
    });
  });

  it('counts and names the settings of an import', () => {
    const imported = event({
      source: 'import',
      changes: [
        { section: 'autorole', key: 'roleID', value: LISTENERS },
        { section: 'antimp3', key: 'enabled', value: true },
      ],
    });
    expect(planLiveEvent(imported, kenjiSettings(), context()).toast).toEqual({
      title: 'Alice imported 2 settings',
      detail: 'Auto-Role › Role, Anti-MP3 › Enabled',
      warn: false,
    });
  });

  it("does nothing for this tab's own change, for a value the page already shows, or for keys this page does not know", () => {
    const nothing = { apply: [], hold: [], toast: null };
    expect(planLiveEvent(event({ tab: 'tab-of-mine-00001' }), kenjiSettings(), context())).toEqual(nothing);
    const shown = kenjiSettings({ autorole: { enabled: false, roleID: LISTENERS } });
    expect(planLiveEvent(event(), shown, context())).toEqual(nothing);
    expect(planLiveEvent(event({ changes: [{ section: 'leveling', key: 'xp', value: 5 }] }), kenjiSettings(), context())).toEqual(nothing);
  });

  it('leaves out a change older than one already applied to the field (events can arrive out of order), but not one of the same time', () => {
    const applied = new Map([['autorole.roleID', 1001]]);
    expect(planLiveEvent(event({ at: 1000 }), kenjiSettings(), context({ appliedAt: applied })).toast).toBeNull();
    expect(planLiveEvent(event({ at: 1001 }), kenjiSettings(), context({ appliedAt: applied })).apply).toHaveLength(1);
  });

  it('holds the change to the field being typed in, applies the rest, and warns', () => {
    const both = event({
      source: 'import',
      changes: [
        { section: 'reactionrole', key: 'emojiName', value: '⭐' },
        { section: 'antimp3', key: 'enabled', value: true },
      ],
    });
    const plan = planLiveEvent(both, kenjiSettings(), context({ editing: 'setting-reactionrole-emojiName' }));
    expect(plan.hold).toEqual([{ section: 'reactionrole', key: 'emojiName', value: '⭐' }]);
    expect(plan.apply).toEqual([{ section: 'antimp3', key: 'enabled', value: true }]);
    expect(plan.toast).toEqual({
      title: 'Alice imported 2 settings',
      detail:
        'Reaction Role › Emoji name, Anti-MP3 › Enabled. Your text in Reaction Role › Emoji name stays until you leave the field; saving it asks which to keep.',
      warn: true,
    });
  });
});

describe('parseLiveEvent', () => {
  it('reads an event and refuses anything else', () => {
    expect(parseLiveEvent(JSON.stringify(event()))).toEqual(event());
    expect(parseLiveEvent('pong')).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ ...event(), source: 'bot' }))).toEqual(event({ source: 'bot' }));
    expect(parseLiveEvent(JSON.stringify({ ...event(), source: 'robot' }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ ...event(), changes: [{ section: 'autorole' }] }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ ...event(), by: { id: ME } }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ ...event(), tab: 7 }))).toBeNull();
  });

  it('reads a licence change, which carries no settings, and refuses one without its author or time', () => {
    expect(parseLiveEvent(JSON.stringify(licence()))).toEqual(licence());
    expect(parseLiveEvent(JSON.stringify({ ...licence(), by: { name: 'Alice' } }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ ...licence(), at: '1000' }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ ...licence(), type: 'licences' }))).toBeNull();
  });
});

const licence = (over: Partial<LiveLicenceEvent> = {}): LiveLicenceEvent => ({ type: 'licence', by: ALICE, at: 1000, tab: null, ...over });

describe('licenceToast: a licence changed elsewhere', () => {
  it('names who changed it, the person themselves as in another tab, and says nothing to the tab that changed it', () => {
    expect(licenceToast(licence(), context())).toEqual({ title: 'Alice changed this server’s licence', detail: 'Its state below is up to date.' });
    expect(licenceToast(licence({ by: { id: ME, name: 'Me' }, tab: 'tab-of-mine-00002' }), context())?.title).toBe(
      'You (in another tab) changed this server’s licence',
    );
    expect(licenceToast(licence({ by: { id: ME, name: 'Me' }, tab: 'tab-of-mine-00001' }), context())).toBeNull();
  });
});
