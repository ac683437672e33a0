import { AvatarEntry } from '@app/contracts';
import { apiVoid, post } from '../../app/api';

const enc = encodeURIComponent;

export const uploadAvatar = (membershipId: string, file: File) =>
  post(AvatarEntry, `/api/memberships/${enc(membershipId)}/avatar`, file);

export const removeAvatar = (membershipId: string) => apiVoid('DELETE', `/api/memberships/${enc(membershipId)}/avatar`);
