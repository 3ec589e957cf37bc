import type { ApiError, ErrorCode, MessageScreen } from '@hub/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HubError } from '../errors.js';
import { localizedErrorMessage } from '../i18n.js';
import { isInputRefusedByDatabase } from '../storage/refused-input.js';
import { requestLanguage } from './language.js';

/** Fastify's own errors that come from the request, not from us, and the catalogue code for each. */
const clientErrorCodes: Record<
  string,
  { code: 'request.malformed_json' | 'request.invalid'; status: number }
> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'request.malformed_json', status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'request.malformed_json', status: 400 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'request.invalid', status: 415 },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'request.invalid', status: 400 },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'request.invalid', status: 413 },
  FST_ERR_VALIDATION: { code: 'request.invalid', status: 400 },
};

/**
 * Fastify's `frameworkErrors`: a URL it cannot route (bad percent-encoding such as `%zz`, a path
 * parameter past its length) is answered like any bad input, with a catalogue code, not Fastify's own.
 */
export const answerFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  reply.status(status).send({ code: 'request.invalid', message: messageFor(request, 'request.invalid') });
};

/**
 * Issue #18: an error body's `message` is worded in the request's language (http/language.ts);
 * `code` and `params` stay as they are, and the web app renders from them in the reader's language.
 */
const messageFor = (
  request: FastifyRequest,
  code: ErrorCode,
  params?: ApiError['params'],
  screen?: MessageScreen,
): string => localizedErrorMessage(requestLanguage(request), code, params, screen);

/**
 * The one place errors become HTTP answers: `{ code, message, field? }`. Bad input is a 4xx with
 * a code; only our own faults are a 500, logged with the request id and never with secrets.
 */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HubError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      if (error.status >= 500) {
        // Ours, and passing (the database): logged with its cause, and never kept by a cache that
        // a route had already told to keep its answer.
        request.log.warn(
          { err: error.cause ?? error, code: error.code },
          'request answered %d',
          error.status,
        );
        reply.header('cache-control', 'no-store');
      }
      const body = error.toBody();
      return reply
        .status(error.status)
        .send({ ...body, message: messageFor(request, error.code, body.params, error.screen) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const field = path || undefined;
      return reply.status(400).send({
        code: 'request.invalid',
        message: messageFor(request, 'request.invalid'),
        ...(field ? { field } : {}),
      });
    }
    const known = error.code ? clientErrorCodes[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send({ code: known.code, message: messageFor(request, known.code) });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ code: 'request.invalid', message: messageFor(request, 'request.invalid') });
    }
    if (isInputRefusedByDatabase(error)) {
      // The edge rules should have refused this input; say so in the log, and answer it as bad input.
      request.log.warn({ err: error }, 'the database refused a value from the request');
      return reply
        .status(400)
        .send({ code: 'request.invalid', message: messageFor(request, 'request.invalid') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'internal', message: messageFor(request, 'internal') });
  });
};
