/** Playwright's `test` with each worker pointed at its own app, so two workers never share a server's state. */
import { test as base } from '@playwright/test';
import { serverOf } from './servers';

export const test = base.extend({
  // Playwright's fixture signature: the fixtures this one needs (none), the setter, the test's info.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide, testInfo) => {
    await provide(serverOf(testInfo.parallelIndex).baseURL);
  },
});

/** The app of the test under way: its address, its fake Discord and its local storage. */
export const testServer = () => serverOf(test.info().parallelIndex);

export { expect } from '@playwright/test';
export type { Browser, Locator, Page } from '@playwright/test';
