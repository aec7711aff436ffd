import useSWR from 'swr';
import type { CheckAuthResponse } from '../../shared/api-types';

export const AUTH_KEY = '/api/check-auth';

/** The session as the server sees it; prefilled by SSR on every page. */
export function useAuth() {
  const { data, isLoading, mutate } = useSWR<CheckAuthResponse>(AUTH_KEY);
  return {
    auth: data,
    user: data?.authenticated ? data.user : null,
    isAdmin: data?.authenticated ? data.isAdmin : false,
    isLoading,
    mutate,
  };
}
