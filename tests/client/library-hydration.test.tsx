import { act } from '@testing-library/react';
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SWRConfig, type Cache } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../src/client/hooks/useMediaQuery';
import { libraryPageViewKey } from '../../src/shared/library-page-view';
import { inTreeOrder } from '../../src/shared/songs/order';
import type { Library as LibraryName } from '../../src/shared/songs/paths';
import { libraryPageView } from '../../src/worker/songs/page-view';
import { browserHistory } from './helpers/browser-history';

// The rule for names, watched (useLibraryLocation).
vi.mock('../../src/shared/songs/paths', async (importOriginal) => {
  const paths = await importOriginal<typeof import('../../src/shared/songs/paths')>();
  return { ...paths, pathProblem: vi.fn(paths.pathProblem) };
});

// When sonner's module runs (it inserts its stylesheet then): watched, as each test's fresh modules import it anew.
const sonnerLoaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('sonner', async (importOriginal) => {
  sonnerLoaded.count++;
  return importOriginal();
});

const PATHS = ['Artist/Album/01 One.wav', 'Artist/Album/02 Two.mp3', 'Artist/Live/Encore.ogg', 'Other/x.flac', 'README.txt'];

/** The page's modules as a page load has them, with nothing an earlier test left in them. */
async function freshModules() {
  vi.resetModules();
  const [{ FirstPaintData }, { LocationProvider }, { default: Library }, paths] = await Promise.all([
    import('../../src/client/first-paint-data'),
    import('../../src/client/navigation'),
    import('../../src/client/pages/library/page'),
    import('../../src/shared/songs/paths'),
  ]);
  return { FirstPaintData, LocationProvider, Library, pathProblem: vi.mocked(paths.pathProblem) };
}

const searchOf = (folder: string) => (folder ? new URLSearchParams({ folder }).toString() : '');

/** The page as the Worker renders it (render/library-page.tsx) and the browser hydrates it, the whole list not yet read. */
function page(
  library: LibraryName,
  folder: string,
  { FirstPaintData, LocationProvider, Library }: Awaited<ReturnType<typeof freshModules>>,
  onRender: ProfilerOnRenderCallback,
) {
  const view = inTreeOrder(libraryPageView({ paths: PATHS, sizes: PATHS.map(() => 1000), durations: PATHS.map(() => 90) }, folder));
  return (
    <LocationProvider at={{ path: `/${library}`, search: searchOf(folder) }}>
      <FirstPaintData value={{ [libraryPageViewKey(library)]: view }}>
        <SWRConfig value={{ provider: () => new Map() as Cache }}>
          <Profiler id="library" onRender={onRender}>
            <Library />
          </Profiler>
        </SWRConfig>
      </FirstPaintData>
    </LocationProvider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the library page’s hydration', () => {
  // Any render after the hydrating one, before the list is read, is main-thread work between first paint and hydration.
  // One library per case: SWR (not reloaded between tests) keeps what its first render of a key saw.
  it.each([
    ['desktop', 'kenji', ''],
    ['phone', 'glaive', 'Artist/Album'],
  ] as const)(
    'commits once on a %s (/%s, folder %j), with a queue stored from an earlier visit, renders nothing again, lays nothing out and asks for the list and the toasts after',
    async (screen, library, folder) => {
      browserHistory(`/${library}?${searchOf(folder)}`);
      // The server knows no screen: a phone answers the page's media query unlike the server's render did.
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === PHONE_QUERY && screen === 'phone',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }));
      // The list's request stays unanswered.
      const fetch = vi.fn(() => new Promise<never>(() => undefined));
      vi.stubGlobal('fetch', fetch);
      const setActionHandler = vi.fn();
      const setMetadata = vi.fn();
      const setPlaybackState = vi.fn();
      const mediaSession = {
        setActionHandler,
        get metadata() {
          return null;
        },
        set metadata(value: unknown) {
          setMetadata(value);
        },
        get playbackState() {
          return 'none';
        },
        set playbackState(value: unknown) {
          setPlaybackState(value);
        },
      };
      vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { mediaSession }));
      vi.stubGlobal('MediaMetadata', vi.fn());
      // A laid-out page: the lists' boxes are shorter than the height they assume until they measure.
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
      localStorage.setItem(`library-queue:${library}`, JSON.stringify({ version: 1, songs: ['Other/x.flac'], position: 0, playOn: false }));
      // Setting a box's scroll position makes the browser lay the page out there and then.
      const setScrollTop = vi.spyOn(Element.prototype, 'scrollTop', 'set');
      sonnerLoaded.count = 0;
      const modules = await freshModules();
      const container = document.createElement('div');
      container.innerHTML = renderToString(page(library, folder, modules, () => undefined));
      document.body.append(container);
      const phases: string[] = [];
      const mismatch = vi.spyOn(console, 'error');
      let root: Root | undefined;
      act(() => {
        root = hydrateRoot(
          container,
          page(library, folder, modules, (_, phase) => phases.push(phase)),
        );
      });
      // The list is asked for in a task after the hydrating commit's effects, where hydration ends; the toasts' code later.
      expect(fetch).not.toHaveBeenCalled();
      expect(sonnerLoaded.count).toBe(0);
      expect(setScrollTop).not.toHaveBeenCalled();
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(fetch).toHaveBeenCalledExactlyOnceWith(`/api/get-${library}-songs?sizes=1`, expect.anything());
      expect(phases).toEqual(['mount']);
      expect(mismatch).not.toHaveBeenCalled();
      // Nothing to play yet: no media keys to answer, and the lock screen's state is left as it is.
      expect([setActionHandler, setMetadata, setPlaybackState].map((set) => set.mock.calls.length)).toEqual([0, 0, 0]);
      // The open folder is one the library has: the rule for names is not applied to it again.
      expect(modules.pathProblem).not.toHaveBeenCalled();
      expect(container.querySelector('[aria-label^="Files in "] [role="listitem"]')).not.toBeNull();
      act(() => root?.unmount());
      container.remove();
    },
  );
});
