import {
  authEndpoints,
  flowStatusQuerySchema,
  flowStatusResponseSchema,
  resendCodeRequestSchema,
  resendCodeResponseSchema,
  resetStartRequestSchema,
  resetStartResponseSchema,
  setPasswordRequestSchema,
  setPasswordResponseSchema,
  verifyCodeRequestSchema,
  verifyCodeResponseSchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { codeStep, flowRead, flowStep, identifyAccount, newPassword } from '../../http/route-errors.js';
import type { Hub } from '../../hub.js';
import { callerOf, readerOf } from '../caller.js';
import { finalizeReset, requestResetCode, resendResetCode, resetStatus, verifyResetCode } from './service.js';

export const registerResetRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    authEndpoints.resetStart,
    {
      schema: {
        body: resetStartRequestSchema,
        response: { 200: resetStartResponseSchema },
        errors: [...flowStep, ...identifyAccount],
      },
    },
    async (request, reply) => requestResetCode(hub, callerOf(hub, request, reply, true), request.body),
  );
  r.post(
    authEndpoints.resetVerify,
    {
      schema: {
        body: verifyCodeRequestSchema,
        response: { 200: verifyCodeResponseSchema },
        errors: [...flowStep, ...codeStep],
      },
    },
    async (request, reply) =>
      verifyResetCode(hub, callerOf(hub, request, reply, true), request.body.flowId, request.body.code),
  );
  r.post(
    authEndpoints.resetResend,
    {
      schema: {
        body: resendCodeRequestSchema,
        response: { 200: resendCodeResponseSchema },
        errors: [...flowStep, ...codeStep],
      },
    },
    async (request, reply) => resendResetCode(hub, callerOf(hub, request, reply, true), request.body.flowId),
  );
  r.get(
    authEndpoints.resetStatus,
    {
      schema: {
        querystring: flowStatusQuerySchema,
        response: { 200: flowStatusResponseSchema },
        errors: flowRead,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return resetStatus(hub, readerOf(hub, request), request.query.flowId);
    },
  );
  r.post(
    authEndpoints.resetFinalize,
    {
      schema: {
        body: setPasswordRequestSchema,
        response: { 200: setPasswordResponseSchema },
        errors: [...flowStep, ...newPassword],
      },
    },
    async (request, reply) =>
      finalizeReset(hub, callerOf(hub, request, reply), request.body.flowId, request.body.password),
  );
};
