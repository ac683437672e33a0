import { type DossierEntryInput, DossierEntryResponse, DossierResponse } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiVoid, del, get, post, put } from '../../app/api';

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

/** Attaches one file to an entry (multipart); the server checks its bytes. */
export async function attachToEntry(id: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await post(DossierEntryResponse, `/api/dossier/${enc(id)}/attachments`, form)).entry;
}

export const removeAttachment = async (id: string) =>
  (await del(DossierEntryResponse, `/api/dossier-attachments/${enc(id)}`)).entry;
