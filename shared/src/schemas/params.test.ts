import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { idParamsSchema, isUuid, numericIdParamsSchema } from './params.ts';

const ID = '00000000-0000-4000-8000-000000000000';

describe('path id schemas', () => {
  it('accepts a uuid and refuses anything else with the not-found message', () => {
    expect(idParamsSchema.parse({ id: ID })).toEqual({ id: ID });
    for (const id of ['nope', 'WD0001', `${ID}x`, '']) {
      const result = idParamsSchema.safeParse({ id });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MSG.notFound);
    }
  });

  it('tells a uuid from other values', () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid(ID.toUpperCase())).toBe(true);
    expect(isUuid('00000000-0000-4000-8000-00000000000')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });

  it('reads a serial id as a positive integer and refuses the rest as not found', () => {
    expect(numericIdParamsSchema.parse({ id: '7' })).toEqual({ id: 7 });
    expect(numericIdParamsSchema.parse({ id: '2147483647' })).toEqual({ id: 2147483647 });
    const refused = ['0', '-1', '+1', '1.5', '1e3', '1e0', '0x1', '007', ' 1', '1 ', '2147483648', 'abc', ''];
    for (const id of refused) {
      const result = numericIdParamsSchema.safeParse({ id });
      expect(result.success, id).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MSG.notFound);
    }
  });
});
