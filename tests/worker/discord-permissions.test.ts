import { describe, expect, it } from 'vitest';
import { ADMINISTRATOR, MANAGE_GUILD, canManageGuild, highestRolePosition, parsePermissions } from '../../src/worker/discord/permissions';

describe('canManageGuild', () => {
  it('lets the owner manage whatever the permission string says', () => {
    expect(canManageGuild({ owner: true, permissions: '0' })).toBe(true);
    expect(canManageGuild({ owner: true })).toBe(true);
  });

  it('lets ADMINISTRATOR holders manage', () => {
    expect(canManageGuild({ owner: false, permissions: String(ADMINISTRATOR) })).toBe(true);
  });

  it('lets MANAGE_GUILD holders manage', () => {
    expect(canManageGuild({ owner: false, permissions: String(MANAGE_GUILD | (1n << 10n)) })).toBe(true);
  });

  it('refuses members with neither bit', () => {
    const viewAndSend = (1n << 10n) | (1n << 11n) | (1n << 4n) | (1n << 2n);
    expect(canManageGuild({ owner: false, permissions: String(viewAndSend) })).toBe(false);
    expect(canManageGuild({ permissions: '0' })).toBe(false);
  });

  it('reads bits beyond 2^53 without losing the low ones', () => {
    const high = (1n << 60n) | (1n << 49n);
    expect(Number(String(high | MANAGE_GUILD)) > Number.MAX_SAFE_INTEGER).toBe(true);
    expect(canManageGuild({ owner: false, permissions: String(high | MANAGE_GUILD) })).toBe(true);
    expect(canManageGuild({ owner: false, permissions: String(high) })).toBe(false);
    // As a double, 2^60 + 32 rounds to 2^60 and the MANAGE_GUILD bit would vanish.
    expect(canManageGuild({ owner: false, permissions: String((1n << 60n) | MANAGE_GUILD) })).toBe(true);
  });

  it('treats a missing or invalid permission string as no permissions', () => {
    expect(canManageGuild({ owner: false })).toBe(false);
    expect(canManageGuild({})).toBe(false);
    for (const permissions of ['', 'abc', '-8', '8.0', '0x20', ' 32', '1e3']) {
      expect(canManageGuild({ owner: false, permissions })).toBe(false);
    }
  });
});

describe('parsePermissions', () => {
  it('parses decimal strings to BigInt and refuses anything else', () => {
    expect(parsePermissions('2199023255551')).toBe(2199023255551n);
    expect(parsePermissions(undefined)).toBeNull();
    expect(parsePermissions(null)).toBeNull();
    expect(parsePermissions('12a')).toBeNull();
  });
});

describe('highestRolePosition', () => {
  const roles = [
    { id: '400000000000000001', position: 0 },
    { id: '400000000000000002', position: 3 },
    { id: '400000000000000003', position: 7 },
    { id: '400000000000000004', position: 5 },
  ];

  it('returns the highest position among the roles held', () => {
    expect(highestRolePosition(['400000000000000002', '400000000000000004'], roles)).toBe(5);
    expect(highestRolePosition(['400000000000000003', '400000000000000002'], roles)).toBe(7);
  });

  it('is 0 for a member with no roles or only unknown ones', () => {
    expect(highestRolePosition([], roles)).toBe(0);
    expect(highestRolePosition(['499999999999999999'], roles)).toBe(0);
  });
});
