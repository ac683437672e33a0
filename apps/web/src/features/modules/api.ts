import { type ModuleKey, ModulesResponse } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get, put } from '../../app/api';

export const moduleKeys = { all: ['modules'] as const };

export const modulesQuery = queryOptions({
  queryKey: moduleKeys.all,
  queryFn: () => get(ModulesResponse, '/api/modules'),
});

export const setModuleActive = (key: ModuleKey, active: boolean) =>
  put(ModulesResponse, `/api/modules/${key}`, { active });
