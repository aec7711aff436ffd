// The Worker's own representations (src/worker/representations.ts): pure, so tried here in Node rather than in
// workerd; tests/worker/static-page-etag.test.ts tries them through the pages that answer with them.
import { describe, expect, it } from 'vitest';
import { clientCoding, codingEtag, contentEtag, etagMatches, preferredCoding } from '../../src/worker/representations';

describe('the coding a client gets', () => {
  it.each([
    [null, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['X-GZIP;q=0.5', 'gzip'],
    ['deflate', 'identity'],
    ['zstd, deflate', 'identity'],
    ['*', 'identity'],
    ['gzip, deflate, br, zstd', 'gzip'],
    ['br, gzip', 'br'],
    ['  br  ,gzip', 'br'],
    ['identity, gzip', 'identity'],
    ['gzip;q=0', 'identity'],
    ['gzip;q=0.', 'identity'],
    ['gzip;q=0.001', 'gzip'],
    ['gzip;q=1.0, br;q=1', 'gzip'],
    ['br;q=1', 'br'],
    ['gzip;q=1., br;q=1', 'gzip'],
    ['gzip;q=0.5, br;q=0.8', 'br'],
    ['br;q=0.799, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.799', 'br'],
    ['gzip ; q=0.5 , identity;q=0.4', 'gzip'],
    ['gzip;q = 0.5, identity;q=0.4', 'gzip'],
    ['gzip;Q=0.5, identity;q=0.4', 'gzip'],
    ['gzip;  q=0.5 , identity;q=0.4', 'gzip'],
    ['identity;q=0.5, gzip;q=0.5', 'identity'],
    ['identity;q=0, gzip', 'gzip'],
    ['gzip;q=1.5', 'identity'],
    ['gzip;q=1.001', 'identity'],
    ['gzip;q=0.0001', 'identity'],
    ['gzip;q=1.000', 'gzip'],
    ['gzip;q=1.0000', 'identity'],
    ['gzip;q=2', 'identity'],
    ['gzip;q=-1', 'identity'],
    ['gzip;q=', 'identity'],
    ['gzip;q=0.5x', 'identity'],
    ['gzip;level=9', 'identity'],
    ['gzip br', 'identity'],
    ['gzip/br', 'identity'],
    ['"gzip"', 'identity'],
  ] as const)('Accept-Encoding %j: %s', (header, coding) => {
    expect(preferredCoding(header, ['br', 'gzip'])).toBe(coding);
  });

  it('is only one the answer offers', () => {
    expect(preferredCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(preferredCoding('br', ['gzip'])).toBe('identity');
    expect(preferredCoding('gzip, br', [])).toBe('identity');
  });
});

describe('what the client itself sent', () => {
  // Only what clientCoding reads: happy-dom's Request, like a browser's, drops Accept-Encoding (a forbidden header).
  const request = (headers: Record<string, string>, cf?: { clientAcceptEncoding?: string }) =>
    ({ headers: new Headers(headers), cf }) as Pick<Request, 'headers' | 'cf'> as Request;

  it("is Cloudflare's record of the client's header when there is one, even empty, else the header", () => {
    expect(clientCoding(request({ 'Accept-Encoding': 'br, gzip' }, { clientAcceptEncoding: 'gzip' }), ['br', 'gzip'])).toBe('gzip');
    expect(clientCoding(request({ 'Accept-Encoding': 'br, gzip' }, { clientAcceptEncoding: '' }), ['br', 'gzip'])).toBe('identity');
    expect(clientCoding(request({ 'Accept-Encoding': 'br, gzip' }, {}), ['br', 'gzip'])).toBe('br');
    expect(clientCoding(request({ 'Accept-Encoding': 'br, gzip' }), ['gzip'])).toBe('gzip');
    expect(clientCoding(request({}), ['br', 'gzip'])).toBe('identity');
  });
});

describe("a coding's entity tag", () => {
  it('is the plain tag for identity, and the tag with the coding as a suffix inside its quotes otherwise, weak staying weak', () => {
    expect(codingEtag('"abc"', 'identity')).toBe('"abc"');
    expect(codingEtag('"abc"', 'gzip')).toBe('"abc-gzip"');
    expect(codingEtag('W/"abc"', 'br')).toBe('W/"abc-br"');
  });

  it('of some bytes is the first 16 bytes of their SHA-256 in hex, each byte two digits', async () => {
    // SHA-256("") = e3b0c442 98fc1c14 9afbf4c8 996fb924 27ae41e4 649b934c a495991b 7852b855
    expect(await contentEtag(new Uint8Array(0))).toBe('"e3b0c44298fc1c149afbf4c8996fb924"');
    // SHA-256("abc") = ba7816bf 8f01cfea 414140de 5dae2223 …: 8f01 holds a byte below 0x10.
    expect(await contentEtag(new TextEncoder().encode('abc'))).toBe('"ba7816bf8f01cfea414140de5dae2223"');
  });
});

describe('If-None-Match', () => {
  it('matches nothing when absent or empty', () => {
    expect(etagMatches(undefined, '"abc"')).toBe(false);
    expect(etagMatches('', '"abc"')).toBe(false);
  });

  it('matches anything with *, spaces around it allowed, but not a * inside a list of tags', () => {
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches(' * ', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", *', '"abc"')).toBe(false);
  });

  it('compares weakly: W/ on either side is ignored', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    // Only a leading W/ marks a weak tag: inside the quotes it is part of the tag.
    expect(etagMatches('"W/abc"', '"abc"')).toBe(false);
    expect(etagMatches('"abc"', '"W/abc"')).toBe(false);
  });

  it('matches any tag of a comma-separated list, with spaces around each', () => {
    expect(etagMatches('"x","abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x" ,  W/"abc"  ', '"abc"')).toBe(true);
    expect(etagMatches('"x", "y"', '"abc"')).toBe(false);
    expect(etagMatches('"abc""x"', '"abc"')).toBe(false);
  });
});
