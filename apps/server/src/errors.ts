import {
  type ApiError,
  type ErrorCode,
  type ErrorParams,
  errorCatalog,
  errorMessage,
  type MessageScreen,
  toApiError,
} from '@hub/core';

export interface HubErrorOptions {
  field?: string;
  /** The values the code's message interpolates (`{ seconds }`, `{ tool }`); sent to the client. */
  params?: ErrorParams;
  /** The screen whose wording the English `message` takes; the code is the same on every screen. */
  screen?: MessageScreen;
  retryAfter?: number;
  /** What went wrong inside: logged, never sent. */
  cause?: unknown;
}

/** The one error type of the server: a catalogue code, optionally the field it concerns. */
export class HubError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  readonly params: ErrorParams | undefined;
  readonly screen: MessageScreen | undefined;
  readonly retryAfter: number | undefined;

  constructor(
    readonly code: ErrorCode,
    options: HubErrorOptions = {},
  ) {
    super(errorMessage(code, options.params, options.screen), { cause: options.cause });
    this.name = 'HubError';
    this.status = errorCatalog[code].status;
    this.field = options.field;
    this.params = options.params;
    this.screen = options.screen;
    this.retryAfter = options.retryAfter;
  }

  /**
   * The answer's body, built from the catalogue alone: the English text, the params the text
   * interpolates and nothing else, so no cause, stack or query text can reach the client.
   */
  toBody(): ApiError {
    // Every option named, an absent one undefined, which toApiError takes as not given; falsy
    // params, screen and field stay out as before. Not a literal opened by spreads: those are slow
    // to add keys to (docs/performance.md "Objects opened by a spread").
    return toApiError(this.code, {
      params: this.params || undefined,
      screen: this.screen || undefined,
      field: this.field || undefined,
      retryAfter: this.retryAfter,
    });
  }
}
