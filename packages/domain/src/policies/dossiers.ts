import { type Member, memberHasRole } from './member';
import { type MemberTarget, mayChangeMember } from './members';

/**
 * Dossiers (docs/product/dossiers.md): a member's record of talks, reviews, warnings and notes. Decided here once;
 * the server's routes and the employee page and profile ask the same rules.
 */

type Viewer = Pick<Member, 'membershipId' | 'roles' | 'rights' | 'managerLimited'>;
type Target = Pick<MemberTarget, 'membershipId' | 'roles'>;

/**
 * Keeps a member's dossier (reads every entry, writes, edits and deletes): a manager (owners are managers too) with
 * the team right who may change the member (an owner's by owners only), and never their own dossier, so nobody reads
 * what was written about them unshared or rewrites it.
 */
export const mayKeepDossier = (viewer: Viewer, target: Target): boolean =>
  viewer.membershipId !== target.membershipId && memberHasRole(viewer, 'manager') && mayChangeMember(viewer, target);

/** Opens a member's dossier at all: its keepers, and the member for the entries shared with them. */
export const mayOpenDossier = (viewer: Viewer, target: Target): boolean =>
  mayKeepDossier(viewer, target) || viewer.membershipId === target.membershipId;

/** Sees one entry: its keepers every entry; the member only those shared with them; colleagues none. */
export const maySeeDossierEntry = (viewer: Viewer, target: Target, entry: { shared: boolean }): boolean =>
  mayKeepDossier(viewer, target) || (viewer.membershipId === target.membershipId && entry.shared);

/**
 * Whether a change tells the member: an entry they could not see before becomes one they see (written shared, or
 * shared later). Edits of an entry already shared, and unsharing, say nothing.
 */
export const dossierChangeTellsMember = (before: { shared: boolean } | null, after: { shared: boolean }): boolean =>
  after.shared && !before?.shared;
