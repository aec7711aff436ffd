/** One way to validate input at the edge of a handler: the shared zod schema, and INVALID_INPUT when it fails. */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { firstIssueMessage } from '../shared/schema-issues';
import { ApiError, INVALID_INPUT } from './errors';

function validate<T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw new ApiError(400, INVALID_INPUT, firstIssueMessage(result.error));
  });
}

export const validJson = <S extends z.ZodType>(schema: S) => validate('json', schema);
export const validQuery = <S extends z.ZodType>(schema: S) => validate('query', schema);
export const validParam = <S extends z.ZodType>(schema: S) => validate('param', schema);
