import type { ApiKey } from '../shared/api-keys';
import { useApi } from './hooks/useApi';
import type { PageAnswers, PageKeys, Params, RouteWithData } from './page-route';

/**
 * One of the page's first-paint keys, by the name its route gives it: the very key the Worker's loader fills
 * (src/worker/pages/<id>.ts), so a page cannot read a name its route does not declare. `enabled: false` reads nothing.
 */
export function usePageData<K extends PageKeys, N extends keyof K & string>(route: RouteWithData<K>, params: Params, name: N, enabled = true) {
  // K[N] is that ApiKey; TypeScript does not narrow a generic index through the record's constraint.
  const key = route.keys(params)[name] as ApiKey<PageAnswers<K>[N]>;
  return useApi(enabled ? key : null);
}
