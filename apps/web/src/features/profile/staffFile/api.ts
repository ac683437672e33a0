import { ProfileTemplate, type ProfileUpdate, ProfileView } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get, put } from '../../../app/api';

export const staffFileKeys = { of: (membershipId: string) => ['staff-file', membershipId] as const };

export const staffFileQuery = (membershipId: string) =>
  queryOptions({
    queryKey: staffFileKeys.of(membershipId),
    queryFn: () => get(ProfileView, `/api/memberships/${membershipId}/profile`),
  });

export const saveStaffFile = (membershipId: string, body: ProfileUpdate) =>
  put(ProfileView, `/api/memberships/${membershipId}/profile`, body);

export const profileTemplateKey = ['profile-template'] as const;

export const profileTemplateQuery = queryOptions({
  queryKey: profileTemplateKey,
  queryFn: () => get(ProfileTemplate, '/api/profile-template'),
});

export const saveProfileTemplate = (template: ProfileTemplate) =>
  put(ProfileTemplate, '/api/profile-template', template);
