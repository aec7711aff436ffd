import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useLinkNavigation } from '../../../src/client/useLinkNavigation';

interface Options {
  path?: string;
  fallback?: Record<string, unknown>;
  /** Answers SWR's fetches (revalidations); by default they never settle, so the fallback stays. */
  fetcher?: (key: string) => Promise<unknown>;
}

/** Renders a component inside the app's router and an isolated SWR cache. */
/** The app's links are plain anchors that App's Shell makes client-side navigations; here as in the app. */
function LinkNavigation() {
  useLinkNavigation();
  return null;
}

export function renderWithApp(ui: ReactElement, { path = '/', fallback = {}, fetcher = () => new Promise<never>(() => undefined) }: Options = {}) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <Router hook={location.hook}>
      <SWRConfig value={{ provider: () => new Map(), fallback, revalidateIfStale: false, revalidateOnFocus: false, fetcher }}>
        <LinkNavigation />
        {ui}
      </SWRConfig>
    </Router>,
  );
  return { ...result, location };
}
