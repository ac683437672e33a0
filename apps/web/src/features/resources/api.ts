import { OkResponse, Resource, type ResourceCreate, ResourcesResponse, type ResourceUpdate } from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { del, get, post, put } from '../../app/api';
import { queryClient } from '../../app/queryClient';
import { rosterKeys } from '../roster/api';

/** Query keys of resources, built in one place. */
export const resourceKeys = {
  all: ['resources'] as const,
  list: (q: string, archived: boolean) => [...resourceKeys.all, 'list', q, archived] as const,
  one: (id: string) => [...resourceKeys.all, 'one', id] as const,
};

export const resourcesQuery = (q: string, archived: boolean) =>
  queryOptions({
    queryKey: resourceKeys.list(q, archived),
    queryFn: async () => {
      const params = new URLSearchParams();
      if (q.trim()) params.set('q', q.trim());
      if (archived) params.set('archived', 'true');
      const query = params.size ? `?${params}` : '';
      return (await get(ResourcesResponse, `/api/resources${query}`)).resources;
    },
    placeholderData: keepPreviousData,
  });

export const resourceQuery = (id: string) =>
  queryOptions({ queryKey: resourceKeys.one(id), queryFn: () => get(Resource, `/api/resources/${id}`) });

/** Every list reads again after a change; the roster names resources too, so its load is read again as well. */
export const afterResourcesChange = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
    queryClient.invalidateQueries({ queryKey: rosterKeys.all }),
  ]);

export const createResource = (body: ResourceCreate) => post(Resource, '/api/resources', body);
export const updateResource = (id: string, body: ResourceUpdate) => put(Resource, `/api/resources/${id}`, body);
export const deleteResource = (id: string) => del(OkResponse, `/api/resources/${id}`);
