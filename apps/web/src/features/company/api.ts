import { CompanyPage, type CompanyPageUpdate } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { del, get, post, put } from '../../app/api';
import { queryClient } from '../../app/queryClient';

/** Query keys of the company page, built in one place. */
export const companyKeys = { page: ['company-page'] as const };

export const companyPageQuery = () =>
  queryOptions({ queryKey: companyKeys.page, queryFn: () => get(CompanyPage, '/api/company') });

/** The page as the server answered a change: kept, no second read. */
export const keepCompanyPage = (page: CompanyPage) => queryClient.setQueryData(companyKeys.page, page);

export const saveCompanyPage = (body: CompanyPageUpdate) => put(CompanyPage, '/api/company', body);

export function addCompanyFile(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return post(CompanyPage, '/api/company/files', form);
}

export const deleteCompanyFile = (id: string) => del(CompanyPage, `/api/company/files/${id}`);
