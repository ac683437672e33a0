import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AnswerMismatchError, ApiError, api, apiVoid, get } from './api';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const Greeting = z.object({ id: z.string(), count: z.number().int() });

describe('the API helper parses every answer it hands out', () => {
  const fetchMock = vi.fn();
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});

  beforeEach(() => {
    vi.stubGlobal('window', { location: { hostname: 'app.example.com' } });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    errors.mockClear();
  });

  it('answers the parsed value when the server keeps to the contract (unknown keys are dropped)', async () => {
    fetchMock.mockResolvedValue(answer(200, { id: 'a', count: 2, extra: true }));
    await expect(get(Greeting, '/api/greeting')).resolves.toEqual({ id: 'a', count: 2 });
    expect(fetchMock).toHaveBeenCalledWith('/api/greeting', expect.objectContaining({ method: 'GET' }));
  });

  it('throws an ApiError without a body when the answer has another shape, and logs it once per route', async () => {
    fetchMock.mockImplementation(async () => answer(200, { id: 'a', count: 'two' }));
    const failure = await api(Greeting, 'GET', '/api/mismatch?page=1').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AnswerMismatchError);
    expect(failure).toBeInstanceOf(ApiError);
    // No body: the shared handling words it as the generic error, not as anything the person did.
    expect((failure as ApiError).body).toBeNull();
    expect((failure as AnswerMismatchError).issues[0]?.path).toEqual(['count']);
    await expect(api(Greeting, 'GET', '/api/mismatch?page=2')).rejects.toBeInstanceOf(AnswerMismatchError);
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('keeps the server error body of a refusal', async () => {
    fetchMock.mockResolvedValue(answer(409, { code: 'ERR_OVERLAP', message: 'overlap' }));
    const failure = await get(Greeting, '/api/greeting').catch((e: unknown) => e);
    expect(failure).not.toBeInstanceOf(AnswerMismatchError);
    expect((failure as ApiError).code).toBe('ERR_OVERLAP');
  });

  it('reads nothing from an answer it was not asked to read', async () => {
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    await expect(apiVoid('DELETE', '/api/thing/1')).resolves.toBeUndefined();
  });
});
