import {
  Client,
  type ClientCreate,
  ClientsResponse,
  type ClientUpdate,
  OkResponse,
  PlanningOverview,
  Project,
  type ProjectCreate,
  ProjectsResponse,
  type ProjectUpdate,
} from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { del, get, post, put } from '../../app/api';
import { queryClient } from '../../app/queryClient';

/** Query keys of clients and projects, built in one place. */
export const clientKeys = {
  all: ['clients'] as const,
  list: (q: string, archived: boolean) => [...clientKeys.all, 'list', q, archived] as const,
  one: (id: string) => [...clientKeys.all, 'one', id] as const,
  projects: (clientId: string | null, q: string) => [...clientKeys.all, 'projects', clientId, q] as const,
  project: (id: string) => [...clientKeys.all, 'project', id] as const,
};

const search = (params: Record<string, string | null | undefined>) => {
  const entries = Object.entries(params).filter((e): e is [string, string] => !!e[1]);
  return entries.length ? `?${new URLSearchParams(entries)}` : '';
};

export const clientsQuery = (q: string, archived: boolean) =>
  queryOptions({
    queryKey: clientKeys.list(q, archived),
    queryFn: async () =>
      (await get(ClientsResponse, `/api/clients${search({ q: q.trim(), archived: archived ? 'true' : null })}`))
        .clients,
    placeholderData: keepPreviousData,
  });

export const clientQuery = (id: string) =>
  queryOptions({ queryKey: clientKeys.one(id), queryFn: () => get(Client, `/api/clients/${id}`) });

export const projectsQuery = (clientId: string | null, q = '') =>
  queryOptions({
    queryKey: clientKeys.projects(clientId, q),
    queryFn: async () => (await get(ProjectsResponse, `/api/projects${search({ clientId, q: q.trim() })}`)).projects,
    placeholderData: keepPreviousData,
  });

export const projectQuery = (id: string) =>
  queryOptions({ queryKey: clientKeys.project(id), queryFn: () => get(Project, `/api/projects/${id}`) });

/** Clients, projects and what the roster shows of them change together: every list reads again after a change. */
export const afterClientsChange = () => queryClient.invalidateQueries({ queryKey: clientKeys.all });

export const createClient = (body: ClientCreate) => post(Client, '/api/clients', body);
export const updateClient = (id: string, body: ClientUpdate) => put(Client, `/api/clients/${id}`, body);
export const deleteClient = (id: string) => del(OkResponse, `/api/clients/${id}`);
export const createProject = (body: ProjectCreate) => post(Project, '/api/projects', body);
export const updateProject = (id: string, body: ProjectUpdate) => put(Project, `/api/projects/${id}`, body);
export const deleteProject = (id: string) => del(OkResponse, `/api/projects/${id}`);

/** The planning overview of a period, all clients or one (`none`: the plannings without a client). */
export const planningOverviewQuery = (client: string | null, from: string, until: string) =>
  queryOptions({
    queryKey: [...clientKeys.all, 'overview', client, from, until] as const,
    queryFn: () => get(PlanningOverview, `/api/planning/overview${search({ client, from, until })}`),
    placeholderData: keepPreviousData,
  });
