import { type Member, memberHasRight, memberHasRole } from './member';

/**
 * The public API (docs/product/api.md). Personal tokens act as their member, so anyone who may hold one acts no
 * further than in the app; integration tokens and webhooks speak for the whole account, so only owners make them.
 */
type ApiMember = Pick<Member, 'roles' | 'rights' | 'managerLimited'>;

/** Owners, and members given the `api.tokens` right, make personal tokens. */
export const mayCreatePersonalTokens = (member: ApiMember): boolean =>
  memberHasRole(member, 'owner') || memberHasRight(member, 'api.tokens');

/** Integration tokens and webhook endpoints: owners only. */
export const mayManageIntegrations = (member: ApiMember): boolean => memberHasRole(member, 'owner');

/** The API page: whoever may make a token of either kind. */
export const mayOpenApiAccess = (member: ApiMember): boolean =>
  mayCreatePersonalTokens(member) || mayManageIntegrations(member);
