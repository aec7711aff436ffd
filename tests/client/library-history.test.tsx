import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useLibraryLocation } from '../../src/client/features/library/useLibraryLocation';
import { LocationProvider } from '../../src/client/navigation';
import { pathProblem } from '../../src/shared/songs/paths';
import { browserHistory } from './helpers/browser-history';

// The rule itself, watched: which names it is asked about.
vi.mock('../../src/shared/songs/paths', async (importOriginal) => {
  const paths = await importOriginal<typeof import('../../src/shared/songs/paths')>();
  return { ...paths, pathProblem: vi.fn(paths.pathProblem) };
});

/** The hook inside a router whose history records every entry (a replace overwrites the last one). */
function renderLocation(path: string, hasFolder?: (path: string) => boolean) {
  const location = browserHistory(path);
  const wrapper = ({ children }: { children: ReactNode }) => <LocationProvider>{children}</LocationProvider>;
  const { result } = renderHook(() => useLibraryLocation(hasFolder), { wrapper });
  return { location, result };
}

describe('library address: history push vs replace', () => {
  it('a folder change pushes an entry, so Back returns to the folder before', () => {
    const { location, result } = renderLocation('/kenji');
    act(() => result.current[1]({ folder: 'Artist' }));
    act(() => result.current[1]({ folder: 'Artist/Album' }));
    expect(location.history).toEqual(['/kenji', '/kenji?folder=Artist', '/kenji?folder=Artist%2FAlbum']);
    expect(result.current[0]).toEqual({ folder: 'Artist/Album', song: null });
  });

  it('a song change replaces the entry: Back is not a playlist', () => {
    const { location, result } = renderLocation('/kenji?folder=Artist');
    act(() => result.current[1]({ song: 'Artist/a.mp3' }));
    act(() => result.current[1]({ song: 'Artist/b.mp3' }));
    expect(location.history).toEqual(['/kenji?folder=Artist&song=Artist%2Fb.mp3']);
  });

  it('a song from another folder pushes (the folder changed), and the same address twice adds nothing', () => {
    const { location, result } = renderLocation('/kenji?folder=Artist');
    act(() => result.current[1]({ folder: 'Other', song: 'Other/c.mp3' }));
    act(() => result.current[1]({ folder: 'Other', song: 'Other/c.mp3' }));
    expect(location.history).toEqual(['/kenji?folder=Artist', '/kenji?folder=Other&song=Other%2Fc.mp3']);
  });

  it('ignores an unsafe folder or song in the address', () => {
    const { result } = renderLocation('/kenji?folder=../etc&song=%00');
    expect(result.current[0]).toEqual({ folder: '', song: null });
  });

  it('asks the rule only about a folder the library does not have: the ones it has passed it when they were listed', () => {
    const has = (path: string) => path === 'Artist/Album';
    vi.mocked(pathProblem).mockClear();
    expect(renderLocation('/kenji?folder=Artist%2FAlbum', has).result.current[0].folder).toBe('Artist/Album');
    expect(pathProblem).not.toHaveBeenCalled();
    expect(renderLocation('/kenji?folder=Other', has).result.current[0].folder).toBe('Other');
    expect(pathProblem).toHaveBeenCalledWith('Other');
    expect(renderLocation('/kenji?folder=../etc', has).result.current[0].folder).toBe('');
  });
});
