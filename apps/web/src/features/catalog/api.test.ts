import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { afterSettingsChange } from '../settings/api';
import { catalogKeys, costCentresQuery, dutiesQuery, locationsQuery, shiftsQuery, tagsQuery } from './api';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the catalog feature', () => {
  it('keeps each list under one key of its own', () => {
    const keys = [locationsQuery, dutiesQuery, shiftsQuery, tagsQuery, costCentresQuery].map((q) =>
      JSON.stringify(q.queryKey),
    );
    expect(new Set(keys).size).toBe(5);
    for (const key of keys) expect(JSON.parse(key)[0]).toBe(catalogKeys.all[0]);
  });

  it('a change in the settings makes every page read the catalog again', () => {
    queryClient.setQueryData(dutiesQuery.queryKey, []);
    queryClient.setQueryData(locationsQuery.queryKey, []);
    // The refetch the invalidation starts is not the point here: answer it with nothing.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    afterSettingsChange();
    expect(queryClient.getQueryState(dutiesQuery.queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(locationsQuery.queryKey)?.isInvalidated).toBe(true);
  });

  it('reads the list and refuses an answer that is not the contract’s shape', async () => {
    vi.stubGlobal('window', { location: { hostname: 'localhost' } });
    const answer = (body: unknown) =>
      vi.fn(
        async () =>
          new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    vi.stubGlobal('fetch', answer({ tags: [] }));
    await expect(queryClient.fetchQuery({ ...tagsQuery, retry: false })).resolves.toEqual([]);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ duties: [{ id: 1 }] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await expect(queryClient.fetchQuery({ ...dutiesQuery, retry: false })).rejects.toThrow();
  });
});
