import { describe, expect, it } from 'vitest';
import { DAY_MS, DEFAULT_EXPIRY_DAYS, EXPIRY_OPTIONS_DAYS, WHITELIST_LIMIT_PER_USER } from '../../src/shared/constants';
import { expiryFromChoice, formatExpiry, isPermanentExpiry } from '../../src/shared/whitelist';
import { addWhitelistedServerSchema, adminAddSchema, adminDeleteSchema, adminUpdateSchema } from '../../src/shared/whitelist-requests';
import { firstIssueMessage } from '../../src/shared/schema-issues';

const SERVER = '300000000000000001';
const USER = '100000000000000002';
const NOW = Date.UTC(2025, 5, 15, 12);

const problem = (result: { success: boolean; error?: Parameters<typeof firstIssueMessage>[0] }) =>
  result.success || !result.error ? null : firstIssueMessage(result.error);

describe('the business constants of SPEC section 9', () => {
  it('are the spec’s numbers: 1 server per user; 7 days, 30 days and permanent (10 years), 30 days by default', () => {
    expect(WHITELIST_LIMIT_PER_USER).toBe(1);
    expect(EXPIRY_OPTIONS_DAYS).toEqual({ week: 7, month: 30, permanent: 3650 });
    expect(DEFAULT_EXPIRY_DAYS).toBe(30);
  });
});

describe('expiry arithmetic', () => {
  it('counts 7 days, 30 days and permanent (10 years) from now', () => {
    expect(expiryFromChoice('week', NOW)).toBe(NOW + 7 * DAY_MS);
    expect(expiryFromChoice('month', NOW)).toBe(NOW + 30 * DAY_MS);
    expect(expiryFromChoice('permanent', NOW)).toBe(NOW + 3650 * DAY_MS);
  });

  it("shows 'Permanent' for the 10-year value and a readable date otherwise", () => {
    expect(isPermanentExpiry(expiryFromChoice('permanent', NOW), NOW)).toBe(true);
    expect(isPermanentExpiry(expiryFromChoice('month', NOW), NOW)).toBe(false);
    expect(formatExpiry(expiryFromChoice('permanent', NOW), NOW)).toBe('Permanent');
    expect(formatExpiry(expiryFromChoice('month', NOW), NOW)).toBe('Jul 15, 2025');
    expect(formatExpiry(NOW - DAY_MS, NOW)).toBe('Jun 14, 2025');
  });
});

describe('add-whitelisted-server schema', () => {
  it('accepts a snowflake, trimmed, and treats a missing, null or empty oldServerID as none', () => {
    for (const oldServerID of [undefined, null, '']) {
      expect(addWhitelistedServerSchema.parse({ newServerID: ` ${SERVER} `, oldServerID })).toEqual({ newServerID: SERVER, oldServerID: null });
    }
    expect(addWhitelistedServerSchema.parse({ newServerID: SERVER, oldServerID: '300000000000000002' }).oldServerID).toBe('300000000000000002');
  });

  it.each([{}, { newServerID: '' }, { newServerID: 'abc' }, { newServerID: 42 }, { newServerID: '1'.repeat(21) }])('refuses %j naming newServerID', (body) => {
    expect(problem(addWhitelistedServerSchema.safeParse(body))).toMatch(/^newServerID/);
  });
});

describe('admin schemas', () => {
  it('takes dates as epoch milliseconds or ISO strings', () => {
    expect(adminAddSchema.parse({ userID: USER, newServerID: SERVER, expiresAt: NOW }).expiresAt).toBe(NOW);
    expect(adminAddSchema.parse({ userID: USER, newServerID: SERVER, expiresAt: '2025-06-15T12:00:00Z' }).expiresAt).toBe(NOW);
    expect(adminAddSchema.parse({ userID: USER, newServerID: SERVER }).expiresAt).toBeNull();
  });

  it.each(['not a date', '', true, 1e20, '1900-01-01'])('refuses the date %j naming expiresAt', (expiresAt) => {
    expect(problem(adminAddSchema.safeParse({ userID: USER, newServerID: SERVER, expiresAt }))).toMatch(/expiresAt/);
  });

  it('names the field of a malformed id', () => {
    expect(problem(adminAddSchema.safeParse({ userID: 'me', newServerID: SERVER }))).toMatch(/^userID/);
    expect(problem(adminUpdateSchema.safeParse({ oldID: 'x', newUserID: USER, newServerID: SERVER }))).toMatch(/^oldID/);
    expect(problem(adminUpdateSchema.safeParse({ oldID: 1, newUserID: '12', newServerID: SERVER }))).toMatch(/^newUserID/);
    expect(problem(adminDeleteSchema.safeParse({ id: -1 }))).toMatch(/^id/);
    expect(problem(adminDeleteSchema.safeParse({ id: 0 }))).toMatch(/^id/);
    expect(problem(adminDeleteSchema.safeParse({ id: '0' }))).toMatch(/^id/);
    expect(adminDeleteSchema.parse({ id: 1 })).toEqual({ id: 1 });
    expect(problem(adminDeleteSchema.safeParse({}))).toMatch(/^id/);
  });

  it('keeps the current date when update has no expiresAt', () => {
    expect(adminUpdateSchema.parse({ oldID: '7', newUserID: USER, newServerID: SERVER, expiresAt: null })).toEqual({
      oldID: 7,
      newUserID: USER,
      newServerID: SERVER,
      expiresAt: null,
    });
  });
});
