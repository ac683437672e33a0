import { describe, expect, it, vi } from 'vitest';
import { isIdempotentCreate, newIdempotencyKey, sendCreate } from './idempotency';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('idempotent creates in the web', () => {
  it('knows the creates that take a key, with their ids filled in', () => {
    expect(isIdempotentCreate('POST', '/api/items')).toBe(true);
    expect(isIdempotentCreate('POST', '/api/channels/0b5e4c1a-2f41-4f7e-9d3c-7a1b2c3d4e5f/chats')).toBe(true);
    expect(isIdempotentCreate('POST', '/api/channels/0b5e4c1a/participants')).toBe(false);
    expect(isIdempotentCreate('PUT', '/api/items')).toBe(false);
    expect(isIdempotentCreate('POST', '/api/items/bulk/paste')).toBe(false);
  });

  it('makes a fresh UUID each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('sends a create once more when the network failed, and not when it answered', async () => {
    const lost = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(answer(200, {}));
    expect((await sendCreate(lost)).status).toBe(200);
    expect(lost).toHaveBeenCalledTimes(2);

    const refused = vi.fn().mockResolvedValue(answer(409, { code: 'ERR_OVERLAP' }));
    expect((await sendCreate(refused)).status).toBe(409);
    expect(refused).toHaveBeenCalledTimes(1);

    const aborted = vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(sendCreate(aborted)).rejects.toThrow('aborted');
    expect(aborted).toHaveBeenCalledTimes(1);
  });

  it('a retry that meets the first attempt still being answered asks again a moment later', async () => {
    const wait = vi.fn().mockResolvedValue(undefined);
    const call = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(409, { code: 'IDEMPOTENCY_IN_PROGRESS' }))
      .mockResolvedValue(answer(200, { id: 'first' }));
    const response = await sendCreate(call, wait);
    expect(await response.json()).toEqual({ id: 'first' });
    expect(call).toHaveBeenCalledTimes(3);
    expect(wait).toHaveBeenCalledTimes(1);
  });
});
