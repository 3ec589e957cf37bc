import {
  loginIdentifyResponseSchema,
  loginPasswordResponseSchema,
  signupStartResponseSchema,
} from '@hub/core';
import { serializerCompiler as libraryCompiler, ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './zod-serializer.js';

type Compiler = (route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus: string;
}) => (data: unknown) => string;
const compile = (compiler: unknown, schema: unknown) =>
  (compiler as Compiler)({ schema, method: 'POST', url: '/api/x', httpStatus: '200' });

describe('the answers serializer (http/zod-serializer.ts)', () => {
  it('writes what fastify-type-provider-zod writes, unknown keys dropped', () => {
    const cases: Array<[unknown, unknown]> = [
      [
        loginPasswordResponseSchema,
        { next: 'redirect', location: 'https://psl.example.com/?ainfo=x', extra: 1 },
      ],
      [loginPasswordResponseSchema, { next: 'second_factor', flowId: 'f'.repeat(41), methods: ['totp'] }],
      [
        loginIdentifyResponseSchema,
        { next: 'password', flowId: 'f'.repeat(41), account: { kind: 'email', display: 'a@b.c', x: 2 } },
      ],
      [signupStartResponseSchema, { next: 'code', flowId: 'f'.repeat(41), resendIn: 360, account: 'a@b.c' }],
      [
        z.object({ n: z.number().min(1), at: z.iso.datetime().optional() }),
        { n: 3, at: '2026-12-07T00:00:00Z' },
      ],
    ];
    for (const [schema, data] of cases) {
      let expected: string | Error;
      try {
        expected = compile(libraryCompiler, schema)(data);
      } catch (error) {
        expected = error as Error;
      }
      if (expected instanceof Error) expect(() => compile(serializerCompiler, schema)(data)).toThrow();
      else expect(compile(serializerCompiler, schema)(data)).toBe(expected);
    }
    expect(
      compile(serializerCompiler, loginPasswordResponseSchema)({ next: 'redirect', location: 'l', x: 1 }),
    ).toBe('{"next":"redirect","location":"l"}');
  });

  it('refuses a body that breaks its schema, as the library does', () => {
    const serialize = compile(serializerCompiler, z.object({ n: z.number().min(1) }));
    expect(() => serialize({ n: 0 })).toThrow(ResponseSerializationError);
    expect(() => serialize({ n: 'one' })).toThrow(ResponseSerializationError);
    expect(() => compile(serializerCompiler, { type: 'object' })).toThrow(/not zod's/);
    expect(compile(serializerCompiler, { properties: loginPasswordResponseSchema })).toBeTypeOf('function');
  });
});
