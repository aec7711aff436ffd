import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { silentMp3, sineWav } from '../../scripts/seed-songs';
import { bytesSource, MAX_SCANNED_BYTES, songDuration, type ByteSource } from '../../src/worker/songs/song-duration';

// Each fixture is 1.5 s of a 440 Hz tone, made by ffmpeg (tests/fixtures/audio/README.md).
const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/audio/${name}`));

/** A source that counts what was read of it. */
function counted(bytes: Uint8Array): ByteSource & { bytesRead: () => number } {
  let read = 0;
  const source = bytesSource(bytes);
  return {
    size: source.size,
    read: async (offset, length) => {
      const chunk = await source.read(offset, length);
      read += chunk.length;
      return chunk;
    },
    bytesRead: () => read,
  };
}

describe('songDuration', () => {
  // Lossy encoders pad the start and end with up to a few frames (72 ms each for MP3 at 8 kHz).
  it.each([
    ['MP3 with an Info header (constant bitrate)', 'cbr-info.mp3', 1.5, 0.2],
    ['MP3 with a Xing header (variable bitrate)', 'vbr-xing.mp3', 1.5, 0.2],
    ['MP3 without a header, from its size and bitrate', 'no-header.mp3', 1.5, 0.2],
    ['Ogg Vorbis', 'tone.ogg', 1.5, 0.01],
    ['Opus in Ogg', 'opus.ogg', 1.5, 0.01],
    ['M4A with its moov box after the audio', 'moov-at-end.m4a', 1.5, 0.13],
    ['M4A with its moov box first', 'faststart.m4a', 1.5, 0.13],
    ['raw ADTS AAC', 'tone.aac', 1.5, 0.2],
    ['FLAC', 'tone.flac', 1.5, 0.001],
  ])('reads %s', async (_format, name, seconds, tolerance) => {
    const duration = await songDuration(bytesSource(fixture(name)));
    expect(duration).not.toBeNull();
    expect(Math.abs((duration ?? 0) - seconds)).toBeLessThanOrEqual(tolerance);
  });

  it('reads WAV and the demo seeding’s own files (a generated WAV, a headerless MP3) exactly', async () => {
    expect(await songDuration(bytesSource(sineWav(440, 3)))).toBe(3);
    // 2 s at 44.1 kHz is 76.6 frames of 1152 samples, rounded up to 77.
    expect(await songDuration(bytesSource(silentMp3(2)))).toBe(Math.round(((77 * 1152) / 44100) * 1000) / 1000);
  });

  it('reads only the header of a long WAV or MP3, not the whole file', async () => {
    const wav = counted(sineWav(440, 120));
    expect(await songDuration(wav)).toBe(120);
    expect(wav.bytesRead()).toBeLessThanOrEqual(256 * 1024);
    expect(wav.size).toBeGreaterThan(1_900_000);
    const mp3 = counted(silentMp3(600));
    expect(await songDuration(mp3)).toBeCloseTo(600, 0);
    expect(mp3.bytesRead()).toBeLessThanOrEqual(256 * 1024);
  });

  it('gives no length for a damaged file or an empty one', async () => {
    expect(await songDuration(bytesSource(new TextEncoder().encode('not an mp3 at all, just text')))).toBeNull();
    expect(await songDuration(bytesSource(new Uint8Array(0)))).toBeNull();
    expect(await songDuration(bytesSource(fixture('tone.flac').subarray(0, 20)))).toBeNull();
  });

  it('does not walk a raw AAC file past the limit for its length', async () => {
    const aac = bytesSource(fixture('tone.aac'));
    const pastLimit: ByteSource = { size: MAX_SCANNED_BYTES + 1, read: (offset, length) => aac.read(offset, length) };
    expect(await songDuration(aac)).not.toBeNull();
    expect(await songDuration(pastLimit)).toBeNull();
  });
});
