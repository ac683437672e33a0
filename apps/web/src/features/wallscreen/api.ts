import { WallScreenCreated, WallScreenState, WallScreenView } from '@app/contracts';
import { apiVoid, get, post } from '../../app/api';

const enc = encodeURIComponent;

export const wallScreenKeys = {
  state: (location: string) => ['wallScreen', 'state', location] as const,
  view: (id: string) => ['wallScreen', 'view', id] as const,
};

/** Whether the planning has a wall screen; made, renewed and revoked by those who plan it. */
export const wallScreenStateQuery = (location: string) => ({
  queryKey: wallScreenKeys.state(location),
  read: async () => await get(WallScreenState, `/api/locations/${enc(location)}/wall-screen`),
});

export const wallScreenCalls = (location: string) => ({
  create: async () => await post(WallScreenCreated, `/api/locations/${enc(location)}/wall-screen`),
  remove: () => apiVoid('DELETE', `/api/locations/${enc(location)}/wall-screen`),
});

/** What the screen shows, opened by the secret in its address (no session). */
export const readWallScreen = async (id: string, hash: string) =>
  await get(WallScreenView, `/api/wall-screens/${enc(id)}/${enc(hash)}`);
