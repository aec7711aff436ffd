// The part of node:async_hooks workerd provides under nodejs_compat (the Worker's types do not include Node's).
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}
