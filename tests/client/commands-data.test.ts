import { describe, it, expect } from 'vitest';
import { COMMANDS, COMMAND_NAMES, findCommand } from '../../src/shared/commands';
import { COMMAND_CATEGORIES } from '../../src/shared/commands-types';
import { BOT_PREFIX } from '../../src/shared/constants';

describe('command catalogue data', () => {
  it('has at least 40 commands', () => {
    expect(COMMANDS.length).toBeGreaterThanOrEqual(40);
  });

  it('has at least 8 commands in each of the 5 categories', () => {
    expect(COMMAND_CATEGORIES).toHaveLength(5);
    for (const category of COMMAND_CATEGORIES) {
      const count = COMMANDS.filter((c) => c.category === category).length;
      expect(count, `category ${category}`).toBeGreaterThanOrEqual(8);
    }
    for (const c of COMMANDS) {
      expect(COMMAND_CATEGORIES).toContain(c.category);
    }
  });

  it('has unique command names (case-insensitively)', () => {
    const lower = COMMANDS.map((c) => c.commandName.toLowerCase());
    expect(new Set(lower).size).toBe(COMMANDS.length);
    expect(COMMAND_NAMES.size).toBe(COMMANDS.length);
  });

  it('has names of lowercase letters and digits, whose code units sort them as a collation does (the page sorts so)', () => {
    for (const c of COMMANDS) expect(c.commandName).toMatch(/^[a-z0-9]+$/);
    const names = COMMANDS.map((c) => c.commandName);
    expect([...names].sort()).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('has aliases that are unique and never collide with a command name', () => {
    const names = new Set(COMMANDS.map((c) => c.commandName.toLowerCase()));
    const seen = new Set<string>();
    for (const c of COMMANDS) {
      for (const alias of c.aliases) {
        const a = alias.toLowerCase();
        expect(a.length, `empty alias on ${c.commandName}`).toBeGreaterThan(0);
        expect(names.has(a), `alias "${alias}" of ${c.commandName} is a command name`).toBe(false);
        expect(seen.has(a), `alias "${alias}" of ${c.commandName} is duplicated`).toBe(false);
        seen.add(a);
      }
    }
  });

  it('has integer cooldowns between 0 and 30 seconds', () => {
    for (const c of COMMANDS) {
      expect(Number.isInteger(c.cooldown), c.commandName).toBe(true);
      expect(c.cooldown, c.commandName).toBeGreaterThanOrEqual(0);
      expect(c.cooldown, c.commandName).toBeLessThanOrEqual(30);
    }
  });

  it('has reqargs equal to the number of <required> groups in the syntax', () => {
    for (const c of COMMANDS) {
      const required = c.syntax.match(/<[^<>]+>/g)?.length ?? 0;
      expect(c.reqargs, c.commandName).toBe(required);
    }
  });

  it('has syntax and example lines that start with the prefix and the command', () => {
    for (const c of COMMANDS) {
      const head = `${BOT_PREFIX}${c.commandName}`;
      expect(c.syntax === head || c.syntax.startsWith(`${head} `), c.syntax).toBe(true);
      expect(c.example.startsWith(BOT_PREFIX), c.example).toBe(true);
      expect(c.description.trim().length, c.commandName).toBeGreaterThan(0);
    }
  });

  it('finds commands by name case-insensitively', () => {
    expect(findCommand('ban')?.commandName).toBe('ban');
    expect(findCommand('BAN')?.commandName).toBe('ban');
    expect(findCommand('NowPlaying')?.commandName).toBe('nowplaying');
    expect(findCommand('np')).toBeUndefined();
    expect(findCommand('does-not-exist')).toBeUndefined();
    for (const c of COMMANDS) {
      expect(findCommand(c.commandName.toUpperCase())).toBe(c);
    }
  });
});
