import useSWR, { type SWRConfiguration } from 'swr';
import type { ApiKey } from '../../shared/api-keys';
import { getJson, type ApiClientError } from '../api';
import { useFirstPaintData } from '../first-paint-data';

/**
 * The app's SWR options, given with each hook rather than by a provider above the app: the shell, which every page
 * runs before it hydrates, then carries no SWR (the landing page reads none).
 */
export const swrOptions = {
  fetcher: getJson,
  // The server already sent this data: do not fetch it again on hydration.
  revalidateIfStale: false,
  revalidateOnFocus: false,
  onError: (error: unknown) => console.error(error),
} satisfies SWRConfiguration;

/** SWR for one of the typed API keys: the answer's type comes from the key; it starts from the first paint's data. */
export function useApi<T>(key: ApiKey<T> | null, config?: SWRConfiguration<T, ApiClientError>) {
  const firstPaint = useFirstPaintData();
  const fallbackData = key === null ? undefined : (firstPaint[key] as T | undefined);
  return useSWR<T, ApiClientError>(key, { ...swrOptions, fallbackData, ...config });
}
