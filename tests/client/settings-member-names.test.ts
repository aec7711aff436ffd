// Issue 37: members in the settings page are named by what the server said of them; one not in the server shows
// the end of their id, as long as it takes to tell them from another one not in it.
import { beforeAll, describe, expect, it } from 'vitest';
import { idEnds, membersText } from '../../src/client/features/settings/member-names';
import { changeTexts, changeValueText, memberIdsOf } from '../../src/client/features/settings/change-text';
import { loadSettingsChecks } from '../../src/client/features/settings/settings-checks';
import { kenjiSettings } from './helpers/settings-fixture';

// A value's words come from the registry's checks, which the page loads once it is interactive.
beforeAll(async () => {
  await loadSettingsChecks();
});

const MEMBER = { id: '100000000000000003', name: 'Memb', username: 'demo_member', avatarUrl: null, bot: false };

describe('idEnds', () => {
  it('shows 4 digits while no two ids share them', () => {
    expect(idEnds(['100000000000001234', '100000000000005678'])).toEqual(
      new Map([
        ['100000000000001234', '1234'],
        ['100000000000005678', '5678'],
      ]),
    );
    expect(idEnds(['100000000000001234'])).toEqual(new Map([['100000000000001234', '1234']]));
  });

  it('shows as many as it takes: 5 for ids alike in their last 4, 6 for ids alike in their last 5', () => {
    expect([...idEnds(['100000000000051234', '100000000000061234']).values()]).toEqual(['51234', '61234']);
    expect([...idEnds(['100000000000751234', '100000000000851234', '100000000000000001']).values()]).toEqual(['751234', '851234', '000001']);
  });

  it('names an id given twice once, and two ids that differ only in their first digit whole', () => {
    expect([...idEnds(['100000000000001234', '100000000000001234']).values()]).toEqual(['1234']);
    expect([...idEnds(['100000000000001234', '200000000000001234']).values()]).toEqual(['100000000000001234', '200000000000001234']);
    expect(idEnds([])).toEqual(new Map());
  });
});

describe('membersText', () => {
  const known = { members: [MEMBER], absent: ['100000000000058899', '100000000000068899'] };
  const UNREAD = '100000000000000042';
  it('names members in the server, then one not in it with the end of its id, then ids the server has not named', () => {
    expect(membersText([UNREAD, '100000000000058899', MEMBER.id], known)).toBe(`Memb, a member not in this server (ID …\u206058899), ${UNREAD}`);
    expect(membersText([MEMBER.id], undefined)).toBe(MEMBER.id);
  });

  it('puts two or more not in the server in one phrase, with each one’s end', () => {
    expect(membersText(['100000000000068899', '100000000000058899'], known)).toBe('2 members not in this server (IDs …\u206068899, …\u206058899)');
  });
});

describe('a change of the trusted members in the list', () => {
  const settings = kenjiSettings();
  const known = { members: [MEMBER], absent: ['100000000000058899'] };
  it('names each member, and an emptied list as none', () => {
    expect(changeTexts({ section: 'antinuke', key: 'whitelist', oldValue: [MEMBER.id, '100000000000058899'], newValue: [] }, settings, known)).toEqual({
      before: 'Memb, a member not in this server (ID …\u20608899)',
      after: 'none',
    });
  });

  it('leaves another list of ids as it was (trusted roles by role name)', () => {
    const role = settings.roles[0];
    expect(role).toBeDefined();
    expect(changeTexts({ section: 'antinuke', key: 'trustedRoles', oldValue: [], newValue: [role?.id] }, settings, known).after).toBe(`@${role?.name ?? ''}`);
  });
});

describe('the member ids a list of changes asks about', () => {
  it('are those of member fields only, each once, from lists only', () => {
    const changes = [
      { section: 'antinuke', key: 'whitelist', values: [null, [MEMBER.id, '100000000000058899']] },
      { section: 'antinuke', key: 'whitelist', values: [[MEMBER.id], []] },
      { section: 'antinuke', key: 'trustedRoles', values: [[], ['400000000000001001']] },
    ];
    expect(memberIdsOf(changes)).toEqual([MEMBER.id, '100000000000058899']);
  });
});

describe('values that are not lists of member ids', () => {
  const settings = kenjiSettings();
  const known = { members: [MEMBER], absent: [] };
  it('a list holding something else than ids reads as stored, not as members', () => {
    expect(changeValueText('antinuke', 'whitelist', [MEMBER.id, 5], settings, known)).toBe(`${MEMBER.id}, 5`);
  });

  it('a module or key this dashboard does not know reads as stored', () => {
    expect(changeValueText('music', 'volume', 3, settings, known)).toBe('3');
    expect(changeValueText('antinuke', 'nobody', [MEMBER.id], settings, known)).toBe(MEMBER.id);
  });
});
