import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountIdSchema, toolIdSchema } from './ids.js';

describe('ids', () => {
  it('reads account ids as opaque strings', () => {
    expect(accountIdSchema.parse('a_B-9')).toBe('a_B-9');
    expect(accountIdSchema.parse(42)).toBe('42');
    for (const bad of ['', 'a b', 'x'.repeat(65), -1, 1.5, null])
      expect(accountIdSchema.safeParse(bad).success).toBe(false);
  });

  it('reads tool ids as non-negative integers', () => {
    expect(toolIdSchema.parse(102)).toBe(102);
    expect(toolIdSchema.parse('18')).toBe(18);
    for (const bad of ['', '1e3', '-1', -1, 1.5, 'x'])
      expect(toolIdSchema.safeParse(bad).success).toBe(false);
    fc.assert(
      fc.property(fc.nat(), (id) => {
        expect(toolIdSchema.parse(String(id))).toBe(id);
      }),
    );
  });
});
