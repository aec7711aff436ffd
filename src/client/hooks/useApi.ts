import useSWR, { type SWRConfiguration } from 'swr';
import type { ApiKey } from '../../shared/api-keys';
import type { ApiClientError } from '../api';

/** SWR for one of the typed API keys: the answer's type comes from the key. */
export function useApi<T>(key: ApiKey<T> | null, config?: SWRConfiguration<T, ApiClientError>) {
  return useSWR<T, ApiClientError>(key, config);
}
