import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowanceOfField, allowanceOfFolder, maxBytesOf, uploadProblem } from '../documents/allowance';
import { documentsAccessOf, mayDeleteDocument, mayFileDocument, seesDocument } from './documents';

const ROLES = ['owner', 'manager', 'planner', 'supervisor', 'user'] as const;
const member = fc.record({
  membershipId: fc.constantFrom('a', 'b', 'c'),
  roles: fc.subarray([...ROLES], { minLength: 1 }),
  managerLimited: fc.boolean(),
});
const doc = fc.record({
  membershipId: fc.constantFrom('a', 'b', 'c'),
  hr: fc.boolean(),
  uploadedBy: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: null }),
});
const isManager = (m: { roles: readonly string[] }) => m.roles.includes('owner') || m.roles.includes('manager');

describe('who sees, files and deletes documents (docs/product/documents.md)', () => {
  it('a member sees everything in their own file and nothing in others’ unless they manage', () => {
    fc.assert(
      fc.property(member, doc, (m, d) => {
        if (d.membershipId === m.membershipId) expect(seesDocument(m, d)).toBe(true);
        else if (!isManager(m)) expect(seesDocument(m, d)).toBe(false);
      }),
    );
  });

  it('a limited manager sees in others’ files only what they filed', () => {
    fc.assert(
      fc.property(member, doc, (m, d) => {
        fc.pre(isManager(m) && m.managerLimited && !m.roles.includes('owner') && d.membershipId !== m.membershipId);
        expect(documentsAccessOf(m, d.membershipId)).toBe('uploader');
        expect(seesDocument(m, d)).toBe(d.uploadedBy === m.membershipId);
      }),
    );
  });

  it('nobody deletes what they do not see; a member never deletes an HR document filed for them', () => {
    fc.assert(
      fc.property(member, doc, (m, d) => {
        if (mayDeleteDocument(m, d)) expect(seesDocument(m, d)).toBe(true);
        if (d.membershipId === m.membershipId && d.hr && d.uploadedBy !== m.membershipId)
          expect(mayDeleteDocument(m, d)).toBe(false);
        if (d.membershipId !== m.membershipId && !d.hr) expect(mayDeleteDocument(m, d)).toBe(false);
      }),
    );
  });

  it('files into another’s file only as a manager, and only HR documents', () => {
    fc.assert(
      fc.property(member, fc.constantFrom('a', 'b', 'c'), fc.boolean(), (m, target, hr) => {
        const allowed = mayFileDocument(m, target, hr);
        if (target === m.membershipId) expect(allowed).toBe(!hr || isManager(m));
        else expect(allowed).toBe(hr && isManager(m));
      }),
    );
  });
});

describe('what a file may be', () => {
  it('4 MB for a file, 2 MB for a picture, on the field’s or folder’s list', () => {
    const any = allowanceOfField({ key: null });
    expect(uploadProblem(any, 'pdf', 4 * 1024 * 1024)).toBeNull();
    expect(uploadProblem(any, 'pdf', 4 * 1024 * 1024 + 1)).toBe('tooLarge');
    expect(uploadProblem(any, 'png', 2 * 1024 * 1024 + 1)).toBe('pictureTooLarge');
    expect(uploadProblem(any, null, 10)).toBe('type');
    expect(uploadProblem(any, 'pdf', 0)).toBe('empty');
    expect(uploadProblem(allowanceOfField({ key: 'photo' }), 'pdf', 10)).toBe('type');
    expect(uploadProblem(allowanceOfFolder('payslips'), 'docx', 10)).toBe('type');
    expect(maxBytesOf('gif')).toBe(2 * 1024 * 1024);
  });
});
