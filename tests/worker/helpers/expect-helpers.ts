import { expect } from 'vitest';

// Vitest types its asymmetric matchers as `any`; these are the same matchers typed `unknown`,
// so expected objects can use them without letting `any` into the tests.
export const anyNumber = (): unknown => expect.any(Number);
export const anyString = (): unknown => expect.any(String);
export const stringMatching = (pattern: string | RegExp): unknown => expect.stringMatching(pattern);
export const objectContaining = (object: Record<string, unknown>): unknown => expect.objectContaining(object);
export const satisfying = (predicate: (value: unknown) => boolean): unknown => expect.toSatisfy(predicate);
