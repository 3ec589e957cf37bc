import { type ErrorCode, errorCatalog, errorMessage } from '@hub/core';

export interface HubErrorOptions {
  field?: string;
  params?: Record<string, string | number>;
  retryAfter?: number;
  cause?: unknown;
}

/** The one error type of the server: a catalogue code, optionally the field it concerns. */
export class HubError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  readonly retryAfter: number | undefined;

  constructor(
    readonly code: ErrorCode,
    options: HubErrorOptions = {},
  ) {
    super(errorMessage(code, options.params), { cause: options.cause });
    this.name = 'HubError';
    this.status = errorCatalog[code].status;
    this.field = options.field;
    this.retryAfter = options.retryAfter;
  }

  toBody(): { code: string; message: string; field?: string; retryAfter?: number } {
    return {
      code: this.code,
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
      ...(this.retryAfter !== undefined ? { retryAfter: this.retryAfter } : {}),
    };
  }
}
