/** A module the page loads only when it first needs it, and keeps. */
export interface ModuleOnDemand<M> {
  /** The module, loaded once; a load that failed (offline) is tried again by the next call. */
  load: () => Promise<M>;
  /** The module, if it has loaded. */
  loaded: () => M | undefined;
}

export function moduleOnDemand<M>(importModule: () => Promise<M>): ModuleOnDemand<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load: () =>
      (loading ??= importModule().then(
        (loadedModule) => (module = loadedModule),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => module,
  };
}
