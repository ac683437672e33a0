import {
  AdvancedSettings,
  AvailabilitySettings,
  type CheckinSettings,
  CheckinSettingsResponse,
  CompanySettings,
  ContractTemplate,
  ContractTemplatesResponse,
  type Country,
  ExpenseSettings,
  GeneralSettings,
  HolidayRegionsResponse,
  HolidaySettings,
  HolidaysResponse,
  MailDeliveryResponse,
  MailResendResponse,
  OwnHoliday,
  type Premium,
  PremiumsResponse,
  type Rate,
  RatesResponse,
} from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiVoid, get, post, put } from '../../app/api';
import { queryClient } from '../../app/queryClient';
import { sessionKeys } from '../../app/session';
import i18n from '../../i18n';
import { invalidateCatalog } from '../catalog/api';
import { rosterKeys } from '../roster/api';

/** Query keys of the settings pages, built in one place. */
export const settingsKeys = {
  all: ['settings'] as const,
  section: (name: string) => [...settingsKeys.all, 'section', name] as const,
  list: (name: string) => [...settingsKeys.all, 'list', name] as const,
  holidays: (year: number) => [...settingsKeys.all, 'holidays', year] as const,
  regions: (country: string) => [...settingsKeys.all, 'regions', country] as const,
};

/** After a change: the settings, the session (account settings, modules) and the roster's catalog reload. */
export function afterSettingsChange() {
  void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
  void queryClient.invalidateQueries({ queryKey: sessionKeys.init });
  void queryClient.invalidateQueries({ queryKey: rosterKeys.all });
  void invalidateCatalog();
}

const sectionQuery = <S extends z.ZodType>(name: string, schema: S, path: string) =>
  queryOptions({ queryKey: settingsKeys.section(name), queryFn: () => get(schema, path) });

export const generalQuery = sectionQuery('general', GeneralSettings, '/api/settings/general');
export const availabilityQuery = sectionQuery('availability', AvailabilitySettings, '/api/settings/availability');
export const expensesQuery = sectionQuery('expenses', ExpenseSettings, '/api/settings/expenses');
export const advancedQuery = sectionQuery('advanced', AdvancedSettings, '/api/settings/advanced');
export const companyQuery = sectionQuery('company', CompanySettings, '/api/settings/company');
export const checkinQuery = sectionQuery('check-in', CheckinSettingsResponse, '/api/settings/check-in');

export const saveGeneral = (v: GeneralSettings) => put(GeneralSettings, '/api/settings/general', v);
export const saveAvailability = (v: AvailabilitySettings) => put(AvailabilitySettings, '/api/settings/availability', v);
export const saveExpenses = (v: ExpenseSettings) => put(ExpenseSettings, '/api/settings/expenses', v);
export const saveAdvanced = (v: AdvancedSettings) => put(AdvancedSettings, '/api/settings/advanced', v);
export const saveCompany = (v: CompanySettings) => put(CompanySettings, '/api/settings/company', v);
export const saveCheckin = (v: CheckinSettings) => put(CheckinSettingsResponse, '/api/settings/check-in', v);

const listQuery = <T>(name: string, fetch: () => Promise<T[]>) =>
  queryOptions({ queryKey: settingsKeys.list(name), queryFn: fetch });

export const ratesListQuery = listQuery<Rate>('rates', async () => (await get(RatesResponse, '/api/rates')).rates);
export const premiumsListQuery = listQuery<Premium>(
  'premiums',
  async () => (await get(PremiumsResponse, '/api/premiums')).premiums,
);
export const templatesListQuery = listQuery<ContractTemplate>(
  'templates',
  async () => (await get(ContractTemplatesResponse, '/api/contract-templates')).templates,
);

export const holidaysQuery = (year: number) =>
  queryOptions({
    queryKey: [...settingsKeys.holidays(year), i18n.language],
    queryFn: () => get(HolidaysResponse, `/api/holidays?year=${year}`),
    placeholderData: keepPreviousData,
  });
export const regionsQuery = (country: Country) =>
  queryOptions({
    queryKey: [...settingsKeys.regions(country), i18n.language],
    queryFn: () => get(HolidayRegionsResponse, `/api/holidays/regions?country=${country}`),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const saveHolidaySettings = (v: HolidaySettings) => put(HolidaySettings, '/api/settings/holidays', v);

/** The REST calls of one list page: create, change, delete by id. */
interface Resource<Input, Row> {
  create: (input: Input) => Promise<Row>;
  update: (id: string, input: Input, query?: string) => Promise<Row>;
  remove: (id: string) => Promise<unknown>;
}

export const resource = <Input, S extends z.ZodType>(path: string, row: S): Resource<Input, z.output<S>> => ({
  create: (input) => post(row, path, input),
  update: (id, input, query = '') => put(row, `${path}/${id}${query}`, input),
  remove: (id) => apiVoid('DELETE', `${path}/${id}`),
});

export const ownHolidays = resource<{ date: string; name: string }, typeof OwnHoliday>('/api/holidays', OwnHoliday);

/** Sends a contract template's bytes; the server decides by the content whether it is a Word file. */
export const uploadTemplate = (name: string, file: File) =>
  post(ContractTemplate, `/api/contract-templates?${new URLSearchParams({ name, fileName: file.name })}`, file);

/** The mail that could not be delivered (settings "Mail delivery"), a page at a time. */
export const mailDeliveryQuery = (page: number) =>
  queryOptions({
    queryKey: [...settingsKeys.section('mail'), page] as const,
    queryFn: () => get(MailDeliveryResponse, `/api/settings/mail?page=${page}`),
    placeholderData: keepPreviousData,
    // Retries happen in the background: what the page shows follows them.
    refetchInterval: 15_000,
  });
export const resendMail = (id: string) => post(MailResendResponse, `/api/settings/mail/${id}/resend`);
export const resendAllMail = () => post(MailResendResponse, '/api/settings/mail/resend');
