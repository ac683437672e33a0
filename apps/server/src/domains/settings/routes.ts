import {
  AdvancedSettings,
  CatalogIdParams,
  CheckinSettings,
  CheckinSettingsResponse,
  CONTRACT_TEMPLATE_MAX_BYTES,
  CompanySettings,
  ContractTemplate,
  ContractTemplatesResponse,
  ContractTemplateUpdate,
  ErrorBody,
  ExpenseSettings,
  GeneralSettings,
  HolidayRegionsQuery,
  HolidayRegionsResponse,
  HolidaySettings,
  HolidaysQuery,
  HolidaysResponse,
  line,
  name,
  OkResponse,
  OwnHoliday,
  OwnHolidayInput,
  OwnHolidayUpdate,
  Premium,
  PremiumInput,
  PremiumsResponse,
  PremiumUpdate,
  Rate,
  RateInput,
  RatesResponse,
  RateUpdate,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { actorOf, readerOf } from '../../platform/http';
import {
  createOwnHoliday,
  deleteOwnHoliday,
  readHolidays,
  regionsOf,
  updateOwnHoliday,
  writeHolidaySettings,
} from './holidays';
import { mailDeliveryRoutes } from './mail-routes';
import { createPremium, deletePremium, listPremiums, updatePremium } from './premiums';
import { createRate, deleteRate, listRates, updateRate } from './rates';
import { readCheckin, readSection, writeCheckin, writeSection } from './sections';
import { deleteTemplate, listTemplates, renameTemplate, templateFile, uploadTemplate } from './templates';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 422: ErrorBody };
const ok = { ok: true as const };

/** The byte types a contract template may be sent as; the content decides what it is. */
const WORD_TYPES = [
  'application/octet-stream',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];
const MIME = {
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

const UploadQuery = z.object({ name: name(), fileName: line(255).min(1) });

/**
 * The settings pages of the account: general, expenses, advanced, check-in, company, holidays, rates, premiums,
 * templates, mail delivery.
 */
export function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  mailDeliveryRoutes(app, ctx);

  r.get('/api/settings/general', { schema: { tags, response: { 200: GeneralSettings, ...errors } } }, async (request) =>
    readSection(ctx, actorOf(request), 'general'),
  );
  r.put(
    '/api/settings/general',
    { schema: { tags, body: GeneralSettings, response: { 200: GeneralSettings, ...errors } } },
    async (request) => writeSection(ctx, actorOf(request), 'general', request.body),
  );
  r.get(
    '/api/settings/expenses',
    { schema: { tags, response: { 200: ExpenseSettings, ...errors } } },
    async (request) => readSection(ctx, actorOf(request), 'expenses'),
  );
  r.put(
    '/api/settings/expenses',
    { schema: { tags, body: ExpenseSettings, response: { 200: ExpenseSettings, ...errors } } },
    async (request) => writeSection(ctx, actorOf(request), 'expenses', request.body),
  );
  r.get(
    '/api/settings/advanced',
    { schema: { tags, response: { 200: AdvancedSettings, ...errors } } },
    async (request) => readSection(ctx, actorOf(request), 'advanced'),
  );
  r.put(
    '/api/settings/advanced',
    { schema: { tags, body: AdvancedSettings, response: { 200: AdvancedSettings, ...errors } } },
    async (request) => writeSection(ctx, actorOf(request), 'advanced', request.body),
  );
  r.get('/api/settings/company', { schema: { tags, response: { 200: CompanySettings, ...errors } } }, async (request) =>
    readSection(ctx, actorOf(request), 'company'),
  );
  r.put(
    '/api/settings/company',
    { schema: { tags, body: CompanySettings, response: { 200: CompanySettings, ...errors } } },
    async (request) => writeSection(ctx, actorOf(request), 'company', request.body),
  );

  r.get(
    '/api/settings/check-in',
    { schema: { tags, response: { 200: CheckinSettingsResponse, ...errors } } },
    async (request) => readCheckin(ctx, actorOf(request)),
  );
  r.put(
    '/api/settings/check-in',
    { schema: { tags, body: CheckinSettings, response: { 200: CheckinSettingsResponse, ...errors } } },
    async (request) => writeCheckin(ctx, actorOf(request), request.body),
  );

  // Holidays
  const holidayTags = ['settings: holidays'];
  r.get(
    '/api/holidays',
    { schema: { tags: holidayTags, querystring: HolidaysQuery, response: { 200: HolidaysResponse, ...errors } } },
    async (request) => readHolidays(ctx, readerOf(request), request.query.year),
  );
  r.get(
    '/api/holidays/regions',
    {
      schema: {
        tags: holidayTags,
        querystring: HolidayRegionsQuery,
        response: { 200: HolidayRegionsResponse, ...errors },
      },
    },
    async (request) => regionsOf(request.query.country, actorOf(request).locale),
  );
  r.put(
    '/api/settings/holidays',
    { schema: { tags: holidayTags, body: HolidaySettings, response: { 200: HolidaySettings, ...errors } } },
    async (request) => writeHolidaySettings(ctx, actorOf(request), request.body),
  );
  r.post(
    '/api/holidays',
    { schema: { tags: holidayTags, body: OwnHolidayInput, response: { 201: OwnHoliday, ...errors } } },
    async (request, reply) => reply.code(201).send(await createOwnHoliday(ctx, actorOf(request), request.body)),
  );
  r.put(
    '/api/holidays/:id',
    {
      schema: {
        tags: holidayTags,
        params: CatalogIdParams,
        body: OwnHolidayUpdate,
        response: { 200: OwnHoliday, ...errors },
      },
    },
    async (request) => updateOwnHoliday(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/holidays/:id',
    { schema: { tags: holidayTags, params: CatalogIdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteOwnHoliday(ctx, actorOf(request), request.params.id);
      return ok;
    },
  );

  // Rates
  const rateTags = ['settings: rates'];
  r.get('/api/rates', { schema: { tags: rateTags, response: { 200: RatesResponse, ...errors } } }, async (request) => ({
    rates: await listRates(ctx, actorOf(request)),
  }));
  r.post(
    '/api/rates',
    { schema: { tags: rateTags, body: RateInput, response: { 201: Rate, ...errors } } },
    async (request, reply) => reply.code(201).send(await createRate(ctx, actorOf(request), request.body)),
  );
  r.put(
    '/api/rates/:id',
    { schema: { tags: rateTags, params: CatalogIdParams, body: RateUpdate, response: { 200: Rate, ...errors } } },
    async (request) => updateRate(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/rates/:id',
    { schema: { tags: rateTags, params: CatalogIdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteRate(ctx, actorOf(request), request.params.id);
      return ok;
    },
  );

  // Premiums
  const premiumTags = ['settings: premiums'];
  r.get(
    '/api/premiums',
    { schema: { tags: premiumTags, response: { 200: PremiumsResponse, ...errors } } },
    async (request) => ({ premiums: await listPremiums(ctx, actorOf(request)) }),
  );
  r.post(
    '/api/premiums',
    { schema: { tags: premiumTags, body: PremiumInput, response: { 201: Premium, ...errors } } },
    async (request, reply) => reply.code(201).send(await createPremium(ctx, actorOf(request), request.body)),
  );
  r.put(
    '/api/premiums/:id',
    {
      schema: {
        tags: premiumTags,
        params: CatalogIdParams,
        body: PremiumUpdate,
        response: { 200: Premium, ...errors },
      },
    },
    async (request) => updatePremium(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/premiums/:id',
    { schema: { tags: premiumTags, params: CatalogIdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deletePremium(ctx, actorOf(request), request.params.id);
      return ok;
    },
  );

  // Contract templates
  const templateTags = ['settings: contract templates'];
  r.get(
    '/api/contract-templates',
    { schema: { tags: templateTags, response: { 200: ContractTemplatesResponse, ...errors } } },
    async (request) => ({ templates: await listTemplates(ctx, actorOf(request)) }),
  );
  r.get(
    '/api/contract-templates/:id/file',
    { schema: { tags: templateTags, params: CatalogIdParams, response: { 200: z.unknown(), ...errors } } },
    async (request, reply) => {
      const file = await templateFile(ctx, actorOf(request), request.params.id);
      return reply
        .type(MIME[file.format as keyof typeof MIME] ?? 'application/octet-stream')
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .send(file.content);
    },
  );
  r.put(
    '/api/contract-templates/:id',
    {
      schema: {
        tags: templateTags,
        params: CatalogIdParams,
        body: ContractTemplateUpdate,
        response: { 200: ContractTemplate, ...errors },
      },
    },
    async (request) => renameTemplate(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/contract-templates/:id',
    { schema: { tags: templateTags, params: CatalogIdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteTemplate(ctx, actorOf(request), request.params.id);
      return ok;
    },
  );
  // The upload sends the file's bytes as the body (its name and file name in the query), in a scope of its own
  // that reads Word and binary bodies up to the upload limit; the content decides what the file is.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      WORD_TYPES,
      { parseAs: 'buffer', bodyLimit: CONTRACT_TEMPLATE_MAX_BYTES },
      (_r, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/contract-templates',
      {
        schema: {
          tags: templateTags,
          querystring: UploadQuery,
          consumes: WORD_TYPES,
          response: { 201: ContractTemplate, ...errors },
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        const created = await uploadTemplate(ctx, actorOf(request), {
          name: request.query.name,
          fileName: request.query.fileName,
          content: request.body,
        });
        return reply.code(201).send(created);
      },
    );
  });
}
