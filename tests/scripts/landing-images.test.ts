import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  LANDING_SCREENSHOTS,
  PHONE_SHOT,
  phoneScreenshotPath,
  SCREENSHOT_THEMES,
  SCREENSHOT_WIDTHS,
  SHARE_IMAGE,
  screenshotPath,
} from '../../src/shared/landing-images';

/** A WebP's size: from the extended header's canvas (VP8X, as Chromium writes it) or a simple lossy frame (VP8). */
function webpSize(bytes: Buffer) {
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.toString('ascii', 8, 12)).toBe('WEBP');
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  expect(chunk).toBe('VP8 ');
  return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
}

/** A JPEG's size from its first start-of-frame marker. */
function jpegSize(bytes: Buffer) {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes.readUInt16BE(at);
    if (marker >= 0xffc0 && marker <= 0xffc3) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no start-of-frame marker');
}

describe('the committed landing images match what the page declares', () => {
  for (const shot of Object.values(LANDING_SCREENSHOTS)) {
    for (const theme of SCREENSHOT_THEMES) {
      it.each(SCREENSHOT_WIDTHS)(`${shot.id} ${theme} at %i px wide keeps the declared ratio and stays small`, (width) => {
        const bytes = readFileSync(`public${screenshotPath(shot.id, theme, width)}`);
        expect(webpSize(bytes)).toEqual({ width, height: Math.round((shot.height * width) / shot.width) });
        expect(bytes.byteLength).toBeLessThan(80 * 1024);
      });

      it(`${shot.id} ${theme} for a phone is 780 × 1040`, () => {
        const bytes = readFileSync(`public${phoneScreenshotPath(shot.id, theme)}`);
        expect(webpSize(bytes)).toEqual({ width: PHONE_SHOT.width, height: PHONE_SHOT.height });
        expect(PHONE_SHOT).toMatchObject({ width: 780, height: 1040 });
        expect(bytes.byteLength).toBeLessThan(80 * 1024);
      });
    }
  }

  it('the link preview is 1200 × 630, the size Discord and Open Graph ask for', () => {
    const bytes = readFileSync(`public${SHARE_IMAGE.path}`);
    expect(jpegSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(bytes.byteLength).toBeLessThan(300 * 1024);
  });
});
