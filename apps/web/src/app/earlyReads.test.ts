import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, forgetStartedReads, get, startGet } from './api';
import { startEarlyRead } from './earlyReads';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const Who = z.object({ name: z.string() });

describe("the page's early reads are the app's answers, asked once", () => {
  const fetchMock = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('window', { location: { hostname: 'app.example.com' } });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it("asks in the page's language, and the app's read of the same path takes that answer instead of asking", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { name: 'Emma' }));
    startEarlyRead('/api/who', 'pl');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/who',
      expect.objectContaining({ headers: expect.objectContaining({ 'Accept-Language': 'pl', 'x-mobile': '0' }) }),
    );
    await expect(get(Who, '/api/who')).resolves.toEqual({ name: 'Emma' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next read asks the server.
    fetchMock.mockResolvedValueOnce(answer(200, { name: 'Emma B.' }));
    await expect(get(Who, '/api/who')).resolves.toEqual({ name: 'Emma B.' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('hands a refusal on as the app would have met it', async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { code: 'UNAUTHENTICATED', message: 'sign in' }));
    startEarlyRead('/api/who', 'en');
    const failure = await get(Who, '/api/who').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('UNAUTHENTICATED');
  });

  it('is not taken once older than half a minute: the app asks afresh', async () => {
    vi.useFakeTimers({ now: new Date('2027-01-04T08:00:00Z') });
    fetchMock.mockResolvedValueOnce(answer(200, { name: 'old' }));
    startEarlyRead('/api/who', 'en');
    vi.setSystemTime(new Date('2027-01-04T08:00:31Z'));
    fetchMock.mockResolvedValueOnce(answer(200, { name: 'new' }));
    await expect(get(Who, '/api/who')).resolves.toEqual({ name: 'new' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are forgotten when the session ends or changes: a refusal started before signing in is not the answer after', async () => {
    fetchMock.mockImplementation(async () => answer(401, { code: 'UNAUTHENTICATED', message: 'sign in' }));
    startEarlyRead('/api/who', 'en');
    startGet('/api/where');
    forgetStartedReads();
    fetchMock.mockImplementation(async () => answer(200, { name: 'Emma' }));
    await expect(get(Who, '/api/who')).resolves.toEqual({ name: 'Emma' });
    await expect(get(Who, '/api/where')).resolves.toEqual({ name: 'Emma' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
