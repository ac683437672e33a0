import { z } from 'zod';
import { matching } from './inputs';

/**
 * Payslip runs (docs/product/documents.md, "Payslips"): the payroll office's PDF, one payslip per page, split per
 * member and filed into their payslips folder.
 */

/** The month a run's payslips are for: YYYY-MM. */
export const PayslipMonth = matching(/^\d{4}-(0[1-9]|1[0-2])$/);

/** The most pages a run reads (a payroll PDF of a few hundred people). */
export const PAYSLIP_MAX_PAGES = 500;

/** One page as read: whose payslip it is (null when no one or more than one member matched) and why. */
export const PayslipPage = z.object({
  page: z.number().int().positive(),
  membershipId: z.string().uuid().nullable(),
  /** The matched member's name. */
  name: z.string().nullable(),
  by: z.enum(['number', 'name']).nullable(),
  /** The page's first words, for the manager to recognise an unmatched page. */
  excerpt: z.string(),
});
export type PayslipPage = z.infer<typeof PayslipPage>;

/** `POST /api/payslips/split`: what each page matched; nothing is filed yet. */
export const PayslipSplit = z.object({ pages: z.array(PayslipPage) });
export type PayslipSplit = z.infer<typeof PayslipSplit>;

/** Which page goes to whom, as the manager decided (matched pages and those assigned by hand). */
export const PayslipAssignments = z
  .array(z.object({ page: z.number().int().positive().max(PAYSLIP_MAX_PAGES), membershipId: z.string().uuid() }))
  .max(PAYSLIP_MAX_PAGES);
export type PayslipAssignments = z.infer<typeof PayslipAssignments>;

/**
 * The multipart fields of a run besides the file: the month, and the assignments as JSON. Without assignments the
 * run files the pages it matched by itself.
 */
export const PayslipRunFields = z.object({
  month: PayslipMonth,
  assignments: z.string().max(100_000).optional(),
});

/** `POST /api/payslips`: the pages filed (with the document made for each) and those left unfiled. */
export const PayslipRun = z.object({
  month: z.string(),
  filed: z.array(
    z.object({
      page: z.number().int().positive(),
      membershipId: z.string().uuid(),
      name: z.string(),
      documentId: z.string().uuid(),
    }),
  ),
  unfiled: z.array(PayslipPage),
});
export type PayslipRun = z.infer<typeof PayslipRun>;
