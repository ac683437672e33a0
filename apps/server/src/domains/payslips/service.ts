import {
  PAYSLIP_MAX_PAGES,
  type PayslipAssignments,
  type PayslipPage,
  type PayslipRun,
  type PayslipSplit,
} from '@app/contracts';
import { allowanceOfFolder, matchPayslipPage, mayFileHrDocuments, type PayslipPerson } from '@app/domain';
import { and, eq, ne } from 'drizzle-orm';
import { memberships, users } from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { checkFile, fileDocument } from '../documents/service';
import { loadPdf, pageTexts, pdfOfPages, UnreadablePdf } from './pdf';

/**
 * Payslip runs (docs/product/documents.md, "Payslips"): the payroll office's PDF is read page by page, each page
 * matched to a member by the domain's rule (`documents/payslips.ts`), and, once the manager has decided, each
 * member's pages are filed as one PDF into their payslips folder (through `fileDocument`, which tells them).
 */

/** Owners and managers (those who file HR documents), with the payslips module on. */
function requirePayslips(actor: Actor) {
  if (!actor.modules.includes('payslips')) throw new AppError('MODULE_INACTIVE', { data: { module: 'payslips' } });
  requireAllowed(mayFileHrDocuments(actor));
}

const EXCERPT_LENGTH = 120;
const nameOf = (p: { fname: string | null; lname: string | null; email: string }) =>
  [p.fname, p.lname].filter(Boolean).join(' ') || p.email;

/** The account's members a payslip may be for, with what a page names them by. */
async function peopleOf(ctx: AppContext, actor: Actor) {
  return ctx.db
    .select({
      membershipId: memberships.id,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      employeeNumber: memberships.employeeNumber,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, actor.accountId), ne(memberships.status, 'deleted')));
}

interface Read {
  bytes: Buffer;
  pages: PayslipPage[];
}

/** Checks the file (a PDF of at most 4 MB, clamd when configured) and reads whose payslip each page is. */
async function readRun(ctx: AppContext, actor: Actor, bytes: Buffer): Promise<Read> {
  requirePayslips(actor);
  await checkFile(ctx, allowanceOfFolder('payslips'), bytes);
  let texts: string[];
  try {
    texts = await pageTexts(bytes);
  } catch (error) {
    if (error instanceof UnreadablePdf) throw fieldError({ file: ['payslips.errors.unreadable'] });
    throw error;
  }
  if (texts.length > PAYSLIP_MAX_PAGES) throw fieldError({ file: ['payslips.errors.tooManyPages'] });
  const people = await peopleOf(ctx, actor);
  const byId = new Map(people.map((p) => [p.membershipId, p]));
  const persons: PayslipPerson[] = people;
  const pages = texts.map((text, i): PayslipPage => {
    const match = matchPayslipPage(text, persons);
    const person = match ? byId.get(match.membershipId) : undefined;
    return {
      page: i + 1,
      membershipId: person?.membershipId ?? null,
      name: person ? nameOf(person) : null,
      by: match?.by ?? null,
      excerpt: text.replace(/\s+/g, ' ').trim().slice(0, EXCERPT_LENGTH),
    };
  });
  return { bytes, pages };
}

/** `POST /api/payslips/split`: whose payslip each page is, as read; nothing is filed. */
export async function splitPayslips(ctx: AppContext, actor: Actor, bytes: Buffer): Promise<PayslipSplit> {
  const { pages } = await readRun(ctx, actor, bytes);
  return { pages };
}

export interface RunInput {
  bytes: Buffer;
  month: string;
  /** The manager's decision; without it the pages matched by the reading are filed. */
  assignments?: PayslipAssignments;
}

/**
 * `POST /api/payslips`: files each member's pages as one PDF in their payslips folder, all in one command (a member
 * of another account answers 404 and nothing is filed); 422 on a page the PDF does not have or one given twice.
 */
export async function runPayslips(ctx: AppContext, actor: Actor, input: RunInput): Promise<PayslipRun> {
  const read = await readRun(ctx, actor, input.bytes);
  const assignments =
    input.assignments ??
    read.pages.flatMap((p) => (p.membershipId ? [{ page: p.page, membershipId: p.membershipId }] : []));
  const seen = new Set<number>();
  for (const a of assignments) {
    if (a.page > read.pages.length || seen.has(a.page)) throw fieldError({ assignments: ['payslips.errors.page'] });
    seen.add(a.page);
  }
  const pagesOf = new Map<string, number[]>();
  for (const a of [...assignments].sort((x, y) => x.page - y.page))
    pagesOf.set(a.membershipId, [...(pagesOf.get(a.membershipId) ?? []), a.page]);
  const people = new Map((await peopleOf(ctx, actor)).map((p) => [p.membershipId, p]));
  let source: Awaited<ReturnType<typeof loadPdf>>;
  try {
    source = await loadPdf(input.bytes);
  } catch (error) {
    if (error instanceof UnreadablePdf) throw fieldError({ file: ['payslips.errors.unreadable'] });
    throw error;
  }
  if (source.getPageCount() !== read.pages.length) throw fieldError({ file: ['payslips.errors.unreadable'] });
  const parts = new Map<string, Buffer>();
  for (const [membershipId, pages] of pagesOf) parts.set(membershipId, await pdfOfPages(source, pages));
  const filed = await runCommand(ctx, actor, async (command) => {
    const out: PayslipRun['filed'] = [];
    for (const [membershipId, pages] of pagesOf) {
      // fileDocument answers 404 for a member of another account (or a deleted one) and rolls the run back.
      const doc = await fileDocument(ctx, command, actor, {
        membershipId,
        folder: 'payslips',
        name: `payslip-${input.month}.pdf`,
        month: input.month,
        bytes: parts.get(membershipId) as Buffer,
      });
      const person = people.get(membershipId);
      for (const page of pages)
        out.push({ page, membershipId, name: person ? nameOf(person) : '', documentId: doc.id });
    }
    return out.sort((a, b) => a.page - b.page);
  });
  return { month: input.month, filed, unfiled: read.pages.filter((p) => !seen.has(p.page)) };
}
