import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig, type Cache } from 'swr';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useLinkNavigation } from '../../../src/client/useLinkNavigation';

interface Options {
  path?: string;
  fallback?: Record<string, unknown>;
  /** Answers SWR's fetches (revalidations); by default they never settle, so the fallback stays. */
  fetcher?: (key: string) => Promise<unknown>;
  /** SWR's cache, for a test that looks at what stays in it (by default a fresh one it cannot see). */
  cache?: Map<string, unknown>;
}

/** Renders a component inside the app's router and an isolated SWR cache. */
/** The app's links are plain anchors that App's Shell makes client-side navigations; here as in the app. */
function LinkNavigation() {
  useLinkNavigation();
  return null;
}

export function renderWithApp(
  ui: ReactElement,
  { path = '/', fallback = {}, fetcher = () => new Promise<never>(() => undefined), cache = new Map<string, unknown>() }: Options = {},
) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <Router hook={location.hook}>
      <SWRConfig value={{ provider: () => cache as Cache, fallback, revalidateIfStale: false, revalidateOnFocus: false, fetcher }}>
        <LinkNavigation />
        {ui}
      </SWRConfig>
    </Router>,
  );
  return { ...result, location };
}
