import { z } from 'zod';
import {
  type ErrorCode,
  errorMessage,
  errorParamNames,
  isErrorCode,
  type MessageScreen,
} from './messages.js';

/** The values an error's message interpolates, by placeholder name (`{ seconds: 30 }`, `{ tool: 'Chat' }`). */
export type ErrorParams = Record<string, string | number>;

/**
 * docs/architecture.md "Errors": every API error answers `{ code, message, params?, field?,
 * retryAfter? }`. `message` is the text in the request's language (English for tools and logs that
 * send no Accept-Language); a screen renders `code` with `params` through the catalogue, in its own
 * wording and the reader's language (docs/i18n.md).
 */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  field: z.string().optional(),
  retryAfter: z.number().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * The params a body may carry for a code: only those its texts interpolate, so nothing else that
 * was passed along (an internal value) can reach the client.
 */
export const catalogueParams = (code: ErrorCode, params?: ErrorParams): ErrorParams | undefined => {
  if (!params) return undefined;
  const kept: ErrorParams = {};
  for (const name of errorParamNames(code)) {
    if (Object.hasOwn(params, name)) kept[name] = params[name]!;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
};

/** The API error body of a catalogue code, its message filled from params in the wording of `screen`. */
export const toApiError = (
  code: ErrorCode,
  options: { params?: ErrorParams; field?: string; retryAfter?: number; screen?: MessageScreen } = {},
): ApiError => {
  const body: ApiError = { code, message: errorMessage(code, options.params, options.screen) };
  const params = catalogueParams(code, options.params);
  if (params) body.params = params;
  if (options.field !== undefined) body.field = options.field;
  if (options.retryAfter !== undefined) body.retryAfter = options.retryAfter;
  return body;
};

/**
 * The text a screen shows for an API error: its code and params through the catalogue, in the
 * screen's wording. A code this build does not know (a newer server) falls back to the server's
 * English message.
 */
export const apiErrorText = (error: ApiError, screen?: MessageScreen): string =>
  isErrorCode(error.code) ? errorMessage(error.code, error.params, screen) : error.message;
