import { z } from 'zod';
import { type ErrorCode, errorMessage } from './messages.js';

/** docs/architecture.md "One catalogue of errors": every API error answers `{ code, message, field? }` (plus retryAfter on 429). */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
  retryAfter: z.number().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The API error body of a catalogue code, its message filled from params. */
export const toApiError = (
  code: ErrorCode,
  options: { params?: Record<string, string | number>; field?: string; retryAfter?: number } = {},
): ApiError => {
  const body: ApiError = { code, message: errorMessage(code, options.params) };
  if (options.field !== undefined) body.field = options.field;
  if (options.retryAfter !== undefined) body.retryAfter = options.retryAfter;
  return body;
};
