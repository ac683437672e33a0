import { type DossierEntryInput, DossierEntryResponse, DossierResponse } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiVoid, get, post, put } from '../../app/api';

/** Query keys of dossiers, built in one place. */
export const dossierKeys = {
  all: ['dossier'] as const,
  of: (membership: string) => [...dossierKeys.all, membership] as const,
};

const enc = encodeURIComponent;

/** A member's dossier as the viewer may read it: every entry for its keepers, the shared ones for the member. */
export const dossierQuery = (membership: string) =>
  queryOptions({
    queryKey: dossierKeys.of(membership),
    queryFn: () => get(DossierResponse, `/api/members/${enc(membership)}/dossier`),
  });

export const dossierCalls = {
  add: async (membership: string, body: DossierEntryInput) =>
    (await post(DossierEntryResponse, `/api/members/${enc(membership)}/dossier`, body)).entry,
  update: async (id: string, body: DossierEntryInput) =>
    (await put(DossierEntryResponse, `/api/dossier/${enc(id)}`, body)).entry,
  remove: (id: string) => apiVoid('DELETE', `/api/dossier/${enc(id)}`),
};
