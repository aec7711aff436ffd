import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '../../ui/toast';
import { useSWRConfig } from 'swr';
import { apiKeys } from '../../../shared/api-keys';
import {
  LIVE_CLOSE_REAUTHORISE,
  LIVE_CLOSE_SESSION_ENDED,
  LIVE_PING,
  livePath,
  parseLiveMessage,
  type LiveMessage,
  type LiveLicenceEvent,
  type LiveSettingsEvent,
} from '../../../shared/live';
import type { ServerSettingsResponse } from '../../../shared/settings/api';
import { getJson } from '../../api';
import { addLiveTab, forgetLiveTabs, ownLiveTabs } from '../../live-tabs';
import { useAuth } from '../../session/useAuth';
import { licenceToast, planLiveEvent, type KnownChange } from './live-updates';
import { auditPagesOf } from './RecentChanges';
import { loadedSettingsChecks, loadSettingsChecks, settingsChecksLoaded } from './settings-checks';
import { fieldId } from './useSettingsSaver';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

export interface LiveSettings {
  status: LiveStatus;
  /** The bot left the server while the page was open: every change would be refused, so the page only shows. */
  botLeft: boolean;
}

/** Under proxies' idle timeouts; the Durable Object answers it without waking. */
const PING_INTERVAL_MS = 30_000;
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;
/**
 * A page asked to be authorised again reconnects within this, at a random moment: a grant changed closes every
 * page of the server at once, and they should not all knock at the same instant.
 */
const REAUTHORISE_SPREAD_MS = 1000;

/** 1 s, 2 s, 4 s… up to 30 s, each somewhere in its upper half, so pages cut off together do not return together. */
const retryDelay = (attempt: number) => {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
};

const socketUrl = (serverId: string) => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${livePath(serverId)}`;

/** Through the registry's checks, which a change waits for before it is heard. */
const withChanges = (settings: ServerSettingsResponse, changes: readonly KnownChange[]) =>
  changes.reduce((view, change) => loadedSettingsChecks().applySettingChange(view, change.section, change.key, change.value), settings);

/**
 * Keeps an open settings page current with changes saved elsewhere (another tab, another editor, a revert, an
 * import): a WebSocket to the guild's live channel, reconnected with backoff, whose changes go into the page's
 * data without a refetch, with a toast saying who changed what. A text field being typed in keeps its text
 * (the change waits until the person leaves the field, and their save then meets the conflict). After a
 * reconnect the page refetches, so nothing missed while away stays missed. A socket closed because the session
 * ended is not reopened: the page asks who is signed in, and shows the login if nobody is.
 */
export function useLiveSettings(serverId: string, data: ServerSettingsResponse | undefined, savesInFlight: boolean): LiveSettings {
  const { mutate } = useSWRConfig();
  const { user, setSession } = useAuth();
  const userId = user?.id ?? null;
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [botLeft, setBotLeft] = useState(false);
  const latest = useRef({ data, userId, savesInFlight });
  useLayoutEffect(() => {
    latest.current = { data, userId, savesInFlight };
  }, [data, userId, savesInFlight]);
  // A change applied while this page's own saves were in flight may be overwritten by their answers: refetch after them.
  const refetchAfterSaves = useRef(false);
  const loaded = data !== undefined;

  useEffect(() => {
    if (!savesInFlight && refetchAfterSaves.current) {
      refetchAfterSaves.current = false;
      void mutate(apiKeys.serverSettings(serverId));
    }
  }, [savesInFlight, mutate, serverId]);

  useEffect(() => {
    if (!loaded) return;
    const key = apiKeys.serverSettings(serverId);
    const appliedAt = new Map<string, number>();
    let socket: WebSocket | null = null;
    let attempt = 0;
    let everOpened = false;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;

    const apply = (changes: readonly KnownChange[], at: number) => {
      if (changes.length === 0) return;
      for (const change of changes) appliedAt.set(fieldId(change.section, change.key), at);
      if (latest.current.savesInFlight) refetchAfterSaves.current = true;
      // From the page's data, not SWR's cache: the first paint's data is a fallback the cache does not hold.
      const shown = latest.current.data;
      if (shown) void mutate(key, withChanges(shown, changes), { revalidate: false });
    };

    // The field typed in since it was focused or last committed (Enter) or restored (Escape): its text is a draft.
    let typedIn: string | null = null;
    const onInput = (event: Event) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) typedIn = event.target.id;
    };
    const onKey = (event: KeyboardEvent) => {
      if ((event.key === 'Enter' || event.key === 'Escape') && event.target instanceof HTMLInputElement) typedIn = null;
    };
    // Another window or tab taking the focus blurs the field too, but the person has not left it.
    const leftField = (field: Element) => document.activeElement !== field;
    const onLeave = (event: FocusEvent) => {
      if (event.target instanceof Element && leftField(event.target)) typedIn = null;
    };
    const applyOnLeaving = (field: HTMLElement, changes: readonly KnownChange[], at: number) => {
      field.addEventListener(
        'blur',
        // After the field's own blur handler has committed (or not) the person's text.
        () => setTimeout(() => (leftField(field) ? apply(changes, at) : applyOnLeaving(field, changes, at))),
        { once: true },
      );
    };

    const hearLicence = (event: LiveLicenceEvent) => {
      const said = licenceToast(event, { ownTabs: ownLiveTabs() });
      if (said === null) return;
      // The licence is part of the settings' answer: read it again rather than guess what changed.
      void mutate(key);
      toast(said.title, { description: said.detail });
    };

    const hearChange = (event: LiveSettingsEvent) => {
      const settings = latest.current.data;
      if (!settings) return;
      const focused = document.activeElement;
      const editing = focused instanceof HTMLElement && focused.id !== '' && focused.id === typedIn ? focused : null;
      const plan = planLiveEvent(event, settings, { ownTabs: ownLiveTabs(), userId: latest.current.userId, editing: editing?.id ?? null, appliedAt });
      if (plan.toast === null) return;
      apply(plan.apply, event.at);
      if (editing && plan.hold.length > 0) applyOnLeaving(editing, plan.hold, event.at);
      void mutate(auditPagesOf(serverId));
      const { title, detail, warn } = plan.toast;
      if (warn) toast.warning(title, { description: detail });
      else toast(title, { description: detail });
    };

    const hear = (event: LiveMessage) => {
      if (event.type === 'hello') {
        addLiveTab(event.tab);
        return;
      }
      if (event.type === 'bot-left') {
        setBotLeft(true);
        return;
      }
      if (event.type === 'licence') {
        hearLicence(event);
        return;
      }
      hearChange(event);
    };

    // A change is planned and applied through the registry's checks: until they have loaded it waits, and what
    // comes after it waits its turn, so the page hears everything in the order it came.
    let held: LiveMessage[] = [];
    const receive = (text: string) => {
      const event = parseLiveMessage(text);
      if (!event || !latest.current.data) return;
      if (held.length === 0 && (event.type !== 'settings' || settingsChecksLoaded())) {
        hear(event);
        return;
      }
      held.push(event);
      if (held.length > 1) return;
      loadSettingsChecks().then(
        () => {
          const events = held;
          held = [];
          if (!stopped) events.forEach(hear);
        },
        (error: unknown) => {
          held = [];
          console.error(error);
        },
      );
    };

    const connect = () => {
      const current = new WebSocket(socketUrl(serverId));
      socket = current;
      current.addEventListener('open', () => {
        attempt = 0;
        setStatus('live');
        if (everOpened) {
          void mutate(key);
          void mutate(auditPagesOf(serverId));
        }
        everOpened = true;
        ping = setInterval(() => current.send(LIVE_PING), PING_INTERVAL_MS);
      });
      current.addEventListener('message', (message) => {
        if (typeof message.data === 'string') receive(message.data);
      });
      current.addEventListener('close', (closed) => {
        clearInterval(ping);
        if (stopped) return;
        setStatus('reconnecting');
        if (closed.code === LIVE_CLOSE_SESSION_ENDED) {
          void afterSessionEnded();
          return;
        }
        // Asked to be authorised again: soon, that is not a failure.
        const delay = closed.code === LIVE_CLOSE_REAUTHORISE ? Math.random() * REAUTHORISE_SPREAD_MS : retryDelay(attempt++);
        retry = setTimeout(connect, delay);
      });
    };

    // The socket's session is over (signed out here or on another device, or ended in Sessions). The browser may
    // hold another one by now (a login in another tab): only the server can say whether anyone is signed in.
    const afterSessionEnded = async () => {
      const auth = await getJson(apiKeys.checkAuth).catch(() => null);
      if (auth?.authenticated === false) {
        // The page shows the login instead of the settings, and nothing this session loaded stays cached.
        setSession(auth);
        await mutate((cached) => cached !== apiKeys.checkAuth, undefined, { revalidate: false });
        toast('You are signed out', { description: 'This session was ended, on this device or another. Log in to see this server again.' });
        return;
      }
      if (auth) setSession(auth);
      if (!stopped) retry = setTimeout(connect, auth ? 0 : retryDelay(attempt++));
    };

    const reconnectNow = () => {
      if (socket?.readyState !== WebSocket.CLOSED) return;
      clearTimeout(retry);
      connect();
    };
    // In the task after the page's first effects: opening a socket costs a phone-class CPU milliseconds that the
    // page's hydration needs more, and nothing is heard before the settings are drawn anyway.
    retry = setTimeout(connect);
    window.addEventListener('online', reconnectNow);
    document.addEventListener('input', onInput);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusout', onLeave);
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      window.removeEventListener('online', reconnectNow);
      document.removeEventListener('input', onInput);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusout', onLeave);
      socket?.close(1000, 'Page closed');
      forgetLiveTabs();
    };
  }, [loaded, serverId, mutate, setSession]);

  return { status, botLeft };
}
