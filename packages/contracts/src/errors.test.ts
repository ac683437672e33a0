import { describe, expect, it } from 'vitest';
import { ErrorBody, retryHintOf } from './errors';

describe('the retry hint of a refusal', () => {
  it('is what the body says to send again, and nothing for a refusal that cannot be overruled', () => {
    expect(retryHintOf({ data: { user: 'Anna', confirmed: 'OVERRULE_REST', item: 'i1' } })).toEqual({
      confirmed: 'OVERRULE_REST',
    });
    expect(retryHintOf({ data: { confirmed: true, type: 'limited' } })).toEqual({ confirmed: true });
    expect(retryHintOf({ data: { force: true, hours: 'h1' } })).toEqual({ force: true });
    expect(retryHintOf({ data: { user: 'Anna', membership: 'm1' } })).toBeNull();
    expect(retryHintOf({})).toBeNull();
    expect(retryHintOf(null)).toBeNull();
  });

  it('is typed in the error body: a body with another value there is not an error body', () => {
    expect(ErrorBody.safeParse({ code: 'ERR_HOURS', message: 'x', data: { force: true, hours: 'h1' } }).success).toBe(
      true,
    );
    expect(ErrorBody.safeParse({ code: 'ERR_HOURS', message: 'x', data: { force: 'yes' } }).success).toBe(false);
    expect(retryHintOf({ data: { confirmed: 'later' } })).toBeNull();
  });
});
