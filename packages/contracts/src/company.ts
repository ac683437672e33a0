import { z } from 'zod';
import { UploadEntry } from './documents';
import { text } from './inputs';

/**
 * The company page (docs/product/company.md; module company): what the company tells its staff — about, addresses,
 * contacts, rules — and files to read. Owners and managers edit it; the staff read it.
 */

export const COMPANY_TEXT_MAX = 5000;

export const CompanyPageUpdate = z.object({
  about: text(COMPANY_TEXT_MAX),
  addresses: text(COMPANY_TEXT_MAX),
  contacts: text(COMPANY_TEXT_MAX),
  rules: text(COMPANY_TEXT_MAX),
});
export type CompanyPageUpdate = z.infer<typeof CompanyPageUpdate>;

export const CompanyPage = CompanyPageUpdate.extend({
  name: z.string(),
  updatedAt: z.string().nullable(),
  files: z.array(UploadEntry),
  mayEdit: z.boolean(),
});
export type CompanyPage = z.infer<typeof CompanyPage>;

export const CompanyFileParams = z.object({ id: z.uuid() });
