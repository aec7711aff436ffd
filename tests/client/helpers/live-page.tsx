import { act, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import Toaster from '../../../src/client/ui/Toaster';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import ServerSettingsPage from './server-settings-page';
import type { LiveMessage, LiveSettingsEvent } from '../../../src/shared/live';
import { applySettingChange, type ServerSettingsResponse } from '../../../src/shared/settings/index';
import type { SectionName } from '../../../src/shared/settings/registry';
import type { ApiClientError } from '../../../src/client/api';
import { jsonBody } from './expect-helpers';
import { renderWithApp } from './render-with-app';
import { kenjiSettings } from './settings-fixture';

// A settings page with its live socket, for the tests of useLiveSettings (tests/client/settings-live-*.test.tsx).

export const GUILD = '300000000000000001';
export const SETTINGS_KEY = `/api/server-settings?serverID=${GUILD}`;
export const OWNER = { id: '100000000000000002', username: 'demo_owner', global_name: 'Demo Owner', avatar: null };
export const ADMIN = { id: '100000000000000001', username: 'demo_admin', global_name: 'Demo Admin', avatar: null };
export const ALICE = { id: '100000000000000009', name: 'Alice' };
export const LISTENERS = '400000000000001001';

/** The browser's WebSocket, played by the test: it opens, speaks and closes when the test says so. */
export class FakeSocket extends EventTarget {
  static made: FakeSocket[] = [];
  readyState: number = WebSocket.CONNECTING;
  sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  /** The code and reason the page closed it with. */
  closedWith: [number | undefined, string | undefined] | null = null;
  close(code?: number, reason?: string) {
    this.closedWith = [code, reason];
    this.readyState = WebSocket.CLOSED;
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  say(message: LiveMessage) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  /** The server closes it, or (1006) the connection drops or the handshake is refused. */
  drop(code: number) {
    this.readyState = WebSocket.CLOSED;
    this.dispatchEvent(new CloseEvent('close', { code }));
  }
}

export const sockets = () => FakeSocket.made;
export const latestSocket = () => {
  const socket = FakeSocket.made.at(-1);
  if (!socket) throw new Error('the page opened no socket');
  return socket;
};

/** Lets timers run (fake time) and what they started settle, inside React's act. */
export const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The page opens its next socket `ms` from now, and not a millisecond sooner. */
export async function expectNextSocketAfter(ms: number): Promise<void> {
  const before = sockets().length;
  await elapse(ms - 1);
  expect(sockets()).toHaveLength(before);
  await elapse(1);
  expect(sockets()).toHaveLength(before + 1);
}

/** Who check-auth says is signed in: the owner (true), nobody (false), someone else, or no answer at all. */
export type SignedIn = boolean | typeof ADMIN | 'unreachable';

export interface Harness {
  /** Every read of the settings the page made after its first paint (its refetches). */
  settingsReads: () => number;
  /** Every request to check-auth the page made, by fetch or by SWR's revalidation. */
  authChecks: () => number;
  /** The X-Live-Tab header of each save the page sent (null when it sent none). */
  saveTabs: string[];
  /** What check-auth answers from now on. */
  signedIn: { now: SignedIn };
}

export interface Served {
  /** What a read of the settings answers after the first paint (by default, what the page started with). */
  served?: ServerSettingsResponse;
  /** The module page shown (its slug), or the overview. */
  module?: string;
  /** Saves wait for this before they answer. */
  saveGate?: Promise<void>;
  /** Or the refusal it answers instead. */
  refusal?: ApiClientError;
  /** No settings in the first paint: the page reads them, and they arrive when this settles. */
  firstRead?: Promise<void>;
  /** SWR's cache, to look at what stays in it. */
  cache?: Map<string, unknown>;
}

const authAnswer = (signedIn: SignedIn) => {
  if (signedIn === 'unreachable') return Promise.reject(new TypeError('Failed to fetch'));
  if (signedIn === false) return Promise.resolve(Response.json({ authenticated: false }));
  return Promise.resolve(Response.json({ authenticated: true, user: signedIn === true ? OWNER : signedIn, isAdmin: false }));
};

export function renderLivePage(
  start: ServerSettingsResponse,
  { served = start, refusal, module, saveGate, firstRead, cache }: Served = {},
): Harness & { unmount: () => void } {
  let reads = 0;
  let authChecks = 0;
  const saveTabs: string[] = [];
  const signedIn: { now: SignedIn } = { now: true };
  let stored = served;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/check-auth') {
        authChecks += 1;
        return authAnswer(signedIn.now);
      }
      if (url === '/api/update-server-settings') {
        saveTabs.push(new Headers(init?.headers).get('X-Live-Tab') ?? 'none');
        const update = jsonBody(init) as { section: SectionName; key: string; value: unknown };
        stored = applySettingChange(stored, update.section, update.key, update.value);
        const answer = stored;
        return (saveGate ?? Promise.resolve()).then(() => Response.json(answer));
      }
      return new Promise<never>(() => undefined);
    }),
  );
  const { unmount } = renderWithApp(
    <>
      <ServerSettingsPage params={module === undefined ? { serverId: GUILD } : { serverId: GUILD, module }} />
      <Toaster />
    </>,
    {
      path: module === undefined ? `/server/${GUILD}` : `/server/${GUILD}/${module}`,
      fallback: { '/api/check-auth': { authenticated: true, user: OWNER, isAdmin: false }, ...(firstRead ? {} : { [SETTINGS_KEY]: start }) },
      fetcher: (key) => {
        if (key === '/api/check-auth') authChecks += 1;
        if (key !== SETTINGS_KEY) return new Promise<never>(() => undefined);
        reads += 1;
        if (firstRead && reads === 1) return firstRead.then(() => start);
        return refusal ? Promise.reject(refusal) : Promise.resolve(stored);
      },
      cache,
    },
  );
  return { settingsReads: () => reads, authChecks: () => authChecks, saveTabs, signedIn, unmount };
}

/** renderLivePage, its first paint done and its socket open. */
export async function openLivePage(start: ServerSettingsResponse = kenjiSettings(), served: Served = {}): Promise<ReturnType<typeof renderLivePage>> {
  const page = renderLivePage(start, served);
  await elapse(0);
  latestSocket().open();
  return page;
}

/** A promise for Served's saveGate, and the call that settles it (the saves then answer). */
export function heldSaves(): { saveGate: Promise<void>; answer: () => void } {
  let answer: () => void = () => undefined;
  const saveGate = new Promise<void>((resolve) => (answer = resolve));
  return { saveGate, answer };
}

export const antiMp3Switch = () => within(screen.getByRole('region', { name: 'Modules' })).getByRole('switch', { name: 'Anti-MP3 module' });
export const toastTitled = (title: string) => document.querySelector(`[data-sonner-toast] [data-title]`)?.textContent === title;
export const toastTexts = () => [...document.querySelectorAll('[data-sonner-toast] [data-title]')].map((node) => node.textContent);
/** Each toast's title and the line under it. */
export const toastsSaid = () =>
  [...document.querySelectorAll('[data-sonner-toast]')].map((node) => [
    node.querySelector('[data-title]')?.textContent,
    node.querySelector('[data-description]')?.textContent,
  ]);

export const changeByAlice = (over: Partial<LiveSettingsEvent> = {}): LiveSettingsEvent => ({
  type: 'settings',
  source: 'save',
  by: ALICE,
  at: Date.now(),
  tab: null,
  changes: [{ section: 'autorole', key: 'roleID', value: LISTENERS }],
  ...over,
});

/**
 * The overview, its socket open, the Anti-MP3 switch's save sent and not answered yet, and Alice's change of
 * Anti-Nuke heard meanwhile. `answer` lets the save answer.
 */
export async function changeDuringOwnSave(): Promise<{ page: ReturnType<typeof renderLivePage>; answer: () => void }> {
  const { saveGate, answer } = heldSaves();
  const page = await openLivePage(kenjiSettings(), { saveGate });
  fireEvent.click(antiMp3Switch());
  await elapse(0);
  latestSocket().say(changeByAlice({ changes: [{ section: 'antinuke', key: 'enabled', value: true }] }));
  await elapse(0);
  return { page, answer };
}

export const ALICES_MESSAGE = '600000000000000001';
/** What the person types in Reaction Role's Message ID field. */
export const TYPED = '600000000000000077';
export const messageIdChange = (value: string, at = Date.now()) => changeByAlice({ at, changes: [{ section: 'reactionrole', key: 'messageID', value }] });
export const messageIdField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Message ID' });

/** The Reaction Role page, its socket open, and its Message ID field focused with TYPED typed in it. */
export async function typingInMessageId(): Promise<HTMLInputElement> {
  await openLivePage(kenjiSettings(), { module: 'reaction-role' });
  const field = messageIdField();
  field.focus();
  fireEvent.input(field, { target: { value: TYPED } });
  return field;
}

/** The fake socket and timers around each test of the file. */
export function installLivePageHarness(): void {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', Object.assign(FakeSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    // Sonner keeps its toasts between renders, and shows the ones not dismissed to the next test's Toaster.
    act(() => void toast.dismiss());
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
