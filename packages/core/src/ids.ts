import { z } from 'zod';
import { storedIntegerSchema } from './contracts/input.js';

/**
 * An account id as the client sees it: opaque, 1-64 characters of [A-Za-z0-9_-]. A JSON number is
 * accepted and read as its decimal string, so older links carrying numeric ids still decode.
 */
export const accountIdSchema = z.union([
  z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  z
    .number()
    .int()
    .nonnegative()
    .transform((id) => String(id)),
]);

/**
 * A tool id (spec §3 tid, §9 default tool ids): a non-negative integer that fits the tid columns;
 * a decimal string is read as one.
 */
export const toolIdSchema = z.union([
  storedIntegerSchema,
  z
    .string()
    .regex(/^[0-9]{1,10}$/)
    .transform((id) => Number(id))
    .pipe(storedIntegerSchema),
]);
