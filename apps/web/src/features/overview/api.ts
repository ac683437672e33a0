import { OverviewResponse } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';

export const overviewKeys = { all: ['overview'] as const };

export const overviewQuery = queryOptions({
  queryKey: overviewKeys.all,
  queryFn: () => get(OverviewResponse, '/api/overview'),
});
