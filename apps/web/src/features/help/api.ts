import { LessonsResponse } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiVoid, get } from '../../app/api';
import { queryClient } from '../../app/queryClient';

export const helpKeys = { all: ['lessons'] as const, list: () => [...helpKeys.all, 'list'] as const };

export const lessonsQuery = queryOptions({
  queryKey: helpKeys.list(),
  queryFn: async () => (await get(LessonsResponse, '/api/lessons')).lessons,
  staleTime: 5 * 60_000,
});

export async function markViewed(id: string) {
  await apiVoid('PUT', `/api/lessons/${encodeURIComponent(id)}/view`);
  queryClient.setQueryData(helpKeys.list(), (list: LessonsResponse['lessons'] | undefined) =>
    list?.map((l) => (l.id === id ? { ...l, viewed: true } : l)),
  );
}
