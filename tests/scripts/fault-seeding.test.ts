import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../scripts/fault-seeding/faults';
import { applyFault, occurrences } from '../../scripts/fault-seeding/seed';

// The list of seeded faults must not rot: a refactor that moves a snippet fails here, cheaply, not in a slow run.
describe('the seeded faults of scripts/fault-seeding', () => {
  it('are at least 40, with unique ids', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(FAULTS.map((f) => f.id)).size).toBe(FAULTS.length);
  });

  it.each(FAULTS.map((f) => [f.id, f] as const))('%s: the original occurs exactly once and the fault changes it', (_id, fault) => {
    const text = readFileSync(fault.file, 'utf8');
    expect(occurrences(text, fault.original)).toBe(1);
    expect(fault.faulty).not.toBe(fault.original);
    expect(applyFault(text, fault)).not.toBe(text);
  });

  it.each(FAULTS.map((f) => [f.id, f] as const))('%s: names test files of its layer that exist', (_id, fault) => {
    expect(fault.tests.length).toBeGreaterThan(0);
    const folders = fault.layer === 'worker' ? ['tests/worker/'] : ['tests/client/', 'tests/fake-discord/'];
    for (const file of fault.tests) {
      expect(folders.some((folder) => file.startsWith(folder))).toBe(true);
      expect(existsSync(file)).toBe(true);
    }
  });

  it('refuses a snippet that is missing or occurs twice', () => {
    const [fault] = FAULTS;
    if (!fault) throw new Error('no faults');
    expect(() => applyFault('nothing here', fault)).toThrow(/occurs 0 times/);
    expect(() => applyFault(`${fault.original}\n${fault.original}`, fault)).toThrow(/occurs 2 times/);
  });
});
