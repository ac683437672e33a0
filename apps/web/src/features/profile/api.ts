import { OwnProfile, type OwnProfileUpdate, type PasswordChangeRequest } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiVoid, get, put } from '../../app/api';

export const profileKeys = { own: ['profile'] as const };

export const profileQuery = queryOptions({
  queryKey: profileKeys.own,
  queryFn: () => get(OwnProfile, '/api/profile'),
});

export const updateProfile = (body: OwnProfileUpdate) => put(OwnProfile, '/api/profile', body);

export const changePassword = (body: PasswordChangeRequest) => apiVoid('PUT', '/api/profile/password', body);
