import {
  ErrorBody,
  PayslipAssignments,
  PayslipRun,
  PayslipRunFields,
  PayslipSplit,
  UPLOAD_MAX_BYTES,
} from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import { actorOf } from '../../platform/http';
import { readForm } from '../../platform/multipart';
import { runPayslips, splitPayslips } from './service';

const errors = {
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  422: ErrorBody,
  503: ErrorBody,
};
const tags = ['payslips'];

/** The assignments field: JSON of `PayslipAssignments`, or absent. */
function assignmentsOf(raw: string | undefined): PayslipAssignments | undefined {
  if (raw === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw fieldError({ assignments: ['validation.invalid'] });
  }
  const parsed = PayslipAssignments.safeParse(json);
  if (!parsed.success) throw fieldError({ assignments: ['validation.invalid'] });
  return parsed.data;
}

/** Payslip runs (docs/product/documents.md, "Payslips"): read a payroll PDF, then file its pages. */
export function payslipRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 4, fieldSize: 100_000, parts: 6 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const bodyLimit = UPLOAD_MAX_BYTES + 256 * 1024;
    r.post(
      '/api/payslips/split',
      { bodyLimit, schema: { tags, consumes: ['multipart/form-data'], response: { 200: PayslipSplit, ...errors } } },
      async (request) => {
        const { bytes } = await readForm(request);
        return splitPayslips(ctx, actorOf(request), bytes);
      },
    );
    r.post(
      '/api/payslips',
      { bodyLimit, schema: { tags, consumes: ['multipart/form-data'], response: { 201: PayslipRun, ...errors } } },
      async (request, reply) => {
        const actor = actorOf(request);
        const { fields, bytes } = await readForm(request);
        const parsed = PayslipRunFields.safeParse(fields);
        if (!parsed.success)
          throw fieldError(
            Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'month'), ['validation.invalid']])),
          );
        const run = await runPayslips(ctx, actor, {
          bytes,
          month: parsed.data.month,
          assignments: assignmentsOf(parsed.data.assignments),
        });
        return reply.code(201).send(run);
      },
    );
  });
}
