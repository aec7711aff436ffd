import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveLicenceEvent, LiveSettingsEvent } from '../../src/shared/live';
import {
  LIVE_CLOSE_REAUTHORISE,
  LIVE_CLOSE_SESSION_ENDED,
  LIVE_MAX_SOCKETS_PER_SESSION,
  LIVE_PING,
  LIVE_PONG,
  LIVE_SOCKET_LIFETIME_MS,
  parseLiveMessage,
} from '../../src/shared/live';
import { licenceToast, planLiveEvent, type LiveContext } from '../../src/client/features/settings/live-updates';
import { loadSettingsChecks } from '../../src/client/features/settings/settings-checks';
import { kenjiSettings } from './helpers/settings-fixture';

// A change's words come from the registry's checks, which the page loads once it is interactive.
beforeAll(async () => {
  await loadSettingsChecks();
});

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
const context = (over: Partial<LiveContext> = {}): LiveContext => ({
  ownTabs: ['tab-of-mine-00001'],
  userId: ME,
  editing: null,
  appliedAt: new Map(),
  ...over,
});

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

  it('counts and names the settings of one save that changed several (the bot API sends a document)', () => {
    const saved = event({
      changes: [
        { section: 'autorole', key: 'roleID', value: LISTENERS },
        { section: 'antimp3', key: 'enabled', value: true },
      ],
    });
    expect(planLiveEvent(saved, kenjiSettings(), context()).toast).toEqual({
      title: 'Alice changed 2 settings',
      detail: 'Auto-Role › Role, Anti-MP3 › Enabled',
      warn: false,
    });
  });

  it('says an import that changed one setting is an import, and names that setting', () => {
    const imported = event({ source: 'import', changes: [{ section: 'antimp3', key: 'enabled', value: true }] });
    expect(planLiveEvent(imported, kenjiSettings(), context()).toast).toEqual({ title: 'Alice imported 1 setting', detail: 'Anti-MP3 › Enabled', warn: false });
  });

  it("does nothing for this tab's own change, for a value the page already shows, or for keys this page does not know", () => {
    const nothing = { apply: [], hold: [], toast: null };
    expect(planLiveEvent(event({ tab: 'tab-of-mine-00001' }), kenjiSettings(), context())).toEqual(nothing);
    // A change sent just before the socket reconnected names the tab id of the socket before.
    expect(planLiveEvent(event({ tab: 'tab-of-mine-00001' }), kenjiSettings(), context({ ownTabs: ['tab-of-mine-00001', 'tab-of-mine-00002'] }))).toEqual(
      nothing,
    );
    // No tab is nobody's: a change without one (the bot's, or a page whose socket had not said hello) is applied.
    expect(planLiveEvent(event({ tab: null }), kenjiSettings(), context()).apply).toHaveLength(1);
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

describe("the socket's protocol, as docs/api.md gives it", () => {
  it('takes only the keep-alive ping, answered pong; authorises a socket for 5 minutes, 10 per session and guild; closes with 4001 or 4002', () => {
    expect([LIVE_PING, LIVE_PONG]).toEqual(['ping', 'pong']);
    expect(LIVE_SOCKET_LIFETIME_MS).toBe(300_000);
    expect(LIVE_MAX_SOCKETS_PER_SESSION).toBe(10);
    expect([LIVE_CLOSE_REAUTHORISE, LIVE_CLOSE_SESSION_ENDED]).toEqual([4001, 4002]);
  });
});

describe('parseLiveMessage', () => {
  it('reads an event and refuses anything else', () => {
    expect(parseLiveMessage(JSON.stringify(event()))).toEqual(event());
    expect(parseLiveMessage('pong')).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ ...event(), source: 'bot' }))).toEqual(event({ source: 'bot' }));
    expect(parseLiveMessage(JSON.stringify({ ...event(), source: 'robot' }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ ...event(), changes: [{ section: 'autorole' }] }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ ...event(), by: { id: ME } }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ ...event(), tab: 7 }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ ...event(), at: '1000' }))).toBeNull();
  });

  it('reads a licence change, which carries no settings and names nobody, and refuses one without its time or tab', () => {
    expect(parseLiveMessage(JSON.stringify(licence()))).toEqual(licence());
    expect(parseLiveMessage(JSON.stringify({ ...licence(), at: '1000' }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'licence', at: 1000 }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ ...licence(), type: 'licences' }))).toBeNull();
  });

  it("reads the socket's hello (the tab id the server made) and the bot's leaving, and refuses them malformed", () => {
    expect(parseLiveMessage(JSON.stringify({ type: 'hello', tab: 'tab-of-mine-00001' }))).toEqual({ type: 'hello', tab: 'tab-of-mine-00001' });
    expect(parseLiveMessage(JSON.stringify({ type: 'hello', tab: null }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'bot-left', at: 1000 }))).toEqual({ type: 'bot-left', at: 1000 });
    expect(parseLiveMessage(JSON.stringify({ type: 'bot-left' }))).toBeNull();
    // A type's name is its own, not a property every object has.
    expect(parseLiveMessage(JSON.stringify({ type: 'toString', at: 1000 }))).toBeNull();
  });

  it('reads a change of every source, and refuses text that is no message object', () => {
    for (const source of ['save', 'revert', 'import', 'bot'] as const) expect(parseLiveMessage(JSON.stringify(event({ source })))?.type).toBe('settings');
    for (const text of ['null', '7', '"settings"', '[]', '{"type":7,"at":1000}', '{', '']) expect(parseLiveMessage(text), text).toBeNull();
  });

  it('refuses a change without a readable author, tab or list of changes', () => {
    const malformed: Record<string, unknown>[] = [
      { by: null },
      { by: 'Alice' },
      { by: { id: 9, name: 'Alice' } },
      { by: { id: ALICE.id, name: null } },
      { tab: undefined },
      { changes: undefined },
      { changes: { 0: { section: 'autorole', key: 'roleID', value: LISTENERS } } },
      { changes: [null] },
      { changes: [{ section: 7, key: 'roleID', value: LISTENERS }] },
      { changes: [{ section: 'autorole', key: null, value: LISTENERS }] },
      { changes: [{ section: 'autorole', key: 'roleID', value: LISTENERS }, 'roleID'] },
      { at: undefined },
    ];
    for (const over of malformed) expect(parseLiveMessage(JSON.stringify({ ...event(), ...over })), JSON.stringify(over)).toBeNull();
    expect(parseLiveMessage(JSON.stringify(event({ tab: null, changes: [] })))).toEqual(event({ tab: null, changes: [] }));
  });

  it('refuses a licence change whose tab is not a tab, and a hello without its tab', () => {
    expect(parseLiveMessage(JSON.stringify(licence({ tab: 'tab-of-mine-00001' })))).toEqual(licence({ tab: 'tab-of-mine-00001' }));
    expect(parseLiveMessage(JSON.stringify({ ...licence(), tab: 7 }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'hello' }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'hello', tab: 7 }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'bot-left', at: '1000' }))).toBeNull();
    // A type is a string: ['hello'] names the same property, but is no message type.
    expect(parseLiveMessage(JSON.stringify({ type: ['hello'], tab: 'tab-of-mine-00001' }))).toBeNull();
  });
});

const licence = (over: Partial<LiveLicenceEvent> = {}): LiveLicenceEvent => ({ type: 'licence', at: 1000, tab: null, ...over });

describe('licenceToast: a licence changed elsewhere', () => {
  it('names nobody, and says nothing to the page that changed it, whichever of its tab ids the change came with', () => {
    expect(licenceToast(licence(), context())).toEqual({ title: 'This server’s licence changed', detail: 'Its state below is up to date.' });
    expect(licenceToast(licence({ tab: 'tab-of-mine-00002' }), context())?.title).toBe('This server’s licence changed');
    expect(licenceToast(licence({ tab: 'tab-of-mine-00001' }), context())).toBeNull();
    expect(licenceToast(licence({ tab: 'tab-of-mine-00001' }), context({ ownTabs: ['tab-of-mine-00001', 'tab-of-mine-00003'] }))).toBeNull();
  });
});
