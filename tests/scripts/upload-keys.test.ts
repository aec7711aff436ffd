import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planUploadKeys, visibleName } from '../../scripts/upload-keys';

/** Issue 22: `npm run upload-songs` applies the library's name rule, naming the file it refuses. */

const file = (relative: string) => ({ path: `/music/${relative}`, relative });

describe('the keys of an upload', () => {
  it('normalise names (and the prefix) to NFC', () => {
    expect(planUploadKeys([file('Album/cafe\u0301.mp3'), file('Album/ok.wav')], 'Cafe\u0301 Songs').map((f) => f.key)).toEqual([
      'Caf\u00e9 Songs/Album/caf\u00e9.mp3',
      'Caf\u00e9 Songs/Album/ok.wav',
    ]);
  });

  it.each([
    ['a right-to-left override', 'Album/evil\u202egpj.mp3', "Refusing to upload '/music/Album/evil\\u{202E}gpj.mp3': The library path contains bidirectional"],
    ['a zero-width space', 'Album/a\u200bb.mp3', "Refusing to upload '/music/Album/a\\u{200B}b.mp3': The library path contains invisible characters"],
    ['a Hangul filler', 'Album/\u3164.mp3', "Refusing to upload '/music/Album/\\u{3164}.mp3': The library path contains invisible characters"],
    [
      'a fullwidth ../',
      'Album/\uff0e\uff0e\uff0fx.mp3',
      "Refusing to upload '/music/Album/\uff0e\uff0e\uff0fx.mp3': The library path contains a compatibility form",
    ],
    ['a fullwidth dot segment', '\uff0e\uff0e/x.mp3', "Refusing to upload '/music/\uff0e\uff0e/x.mp3'"],
    ['a control character', 'Album/a\u0007.mp3', "Refusing to upload '/music/Album/a\\u{0007}.mp3': The library path contains control characters."],
    ['a name past 1024 bytes', `${'x'.repeat(1025)}.mp3`, 'is longer than 1024 bytes'],
  ])('refuse %s, naming the file', (_, relative, message) => {
    expect(() => planUploadKeys([file('Album/ok.wav'), file(relative)], '')).toThrow(message);
  });

  it('spell out, in a message, every character the name rule refuses (issue 36)', () => {
    expect(visibleName('a\u3164b\u00ADc\u{E0041}\u2764\uFE0F')).toBe('a\\u{3164}b\\u{00AD}c\\u{E0041}\u2764\\u{FE0F}');
  });

  it('refuse two files whose names are the same after NFC, naming both', () => {
    expect(() => planUploadKeys([file('Album/caf\u00e9.mp3'), file('Album/ok.wav'), file('Album/cafe\u0301.mp3')], '')).toThrow(
      "Refusing to upload '/music/Album/caf\u00e9.mp3' and '/music/Album/cafe\\u{0301}.mp3': two Unicode spellings of one name",
    );
  });
});

describe('npm run upload-songs', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 1 before uploading anything, with a message naming the file', async () => {
    mkdirSync('.wrangler', { recursive: true });
    dir = mkdtempSync(join('.wrangler', 'upload-keys-test-'));
    mkdirSync(join(dir, 'Album'));
    writeFileSync(join(dir, 'Album', 'fine.mp3'), 'fine');
    writeFileSync(join(dir, 'Album', 'evil\u202egpj.mp3'), 'hostile');
    const args = ['--import', './scripts/resolve-ts-extensions.ts', 'scripts/upload-songs.ts', 'kenji', dir, '--dry-run'];
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn('node_modules/.bin/node', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('error', reject);
      child.on('close', (exit) => resolve({ code: exit, stdout: out, stderr: err }));
    });
    expect(code).toBe(1);
    expect(stderr).toContain(`Refusing to upload '${join(dir, 'Album', 'evil\\u{202E}gpj.mp3')}': The library path contains bidirectional`);
    expect(stdout).not.toContain('files,');
  }, 30_000);
});
