import { type Member, memberHasRole } from './member';

/**
 * Who sees, files and deletes documents in a member's file (docs/product/documents.md). The member: everything in
 * their own file. Owners and managers: the files of others, where what they file is an HR document; a manager with
 * the manager limitation ("own documents only") sees and deletes only what they filed themselves.
 */

type Who = Pick<Member, 'membershipId' | 'roles' | 'managerLimited'>;

/** How a member meets another's documents: all of them, only their own filings, or not at all. */
export type DocumentsAccess = 'own' | 'manager' | 'uploader';

export interface DocumentRef {
  /** Whose file it is in. */
  membershipId: string;
  hr: boolean;
  uploadedBy: string | null;
}

export function documentsAccessOf(member: Who, targetMembershipId: string): DocumentsAccess | null {
  if (member.membershipId === targetMembershipId) return 'own';
  if (!memberHasRole(member, 'manager')) return null;
  return member.managerLimited ? 'uploader' : 'manager';
}

/** Whether the member may pick other members on the documents page (owners and managers). */
export const mayFileHrDocuments = (member: Pick<Member, 'roles'>): boolean => memberHasRole(member, 'manager');

export function seesDocument(member: Who, doc: DocumentRef): boolean {
  const access = documentsAccessOf(member, doc.membershipId);
  if (access === 'uploader') return doc.uploadedBy === member.membershipId;
  return access !== null;
}

/**
 * Whether the member may file into this member's file: their own file always (an HR document there only as a
 * manager), another's only as a manager, and then it is an HR document.
 */
export function mayFileDocument(member: Who, targetMembershipId: string, hr: boolean): boolean {
  const access = documentsAccessOf(member, targetMembershipId);
  if (access === 'own') return !hr || mayFileHrDocuments(member);
  return access !== null && hr;
}

/**
 * Deleting: the member their own uploads (not the HR documents filed for them); managers HR documents, a limited
 * manager only those they filed.
 */
export function mayDeleteDocument(member: Who, doc: DocumentRef): boolean {
  if (!seesDocument(member, doc)) return false;
  const access = documentsAccessOf(member, doc.membershipId);
  if (access === 'own') return !doc.hr || (mayFileHrDocuments(member) && doc.uploadedBy === member.membershipId);
  if (access === 'uploader') return doc.hr && doc.uploadedBy === member.membershipId;
  return doc.hr;
}
