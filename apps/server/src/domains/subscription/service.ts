import { randomBytes } from 'node:crypto';
import {
  type AccountStatus,
  type CodeRequest,
  type InvoiceDetailsRequest,
  type MandateRequest,
  PLANS,
  type PlanRequest,
  type SubscriptionResponse,
} from '@app/contracts';
import {
  type AccountEvent,
  bankAccountProblems,
  estimatePeriodCents,
  mandateReference,
  maskIban,
  mayManageSubscription,
  normalizeBankAccount,
  normalizeVatNumber,
  now,
  planLimit,
  planPrice,
  todayIn,
  transitionAccount,
  vatNumberProblem,
} from '@app/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { accounts, discountCodes, licenseCodes, sepaMandates } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { activeCount } from '../members/repo';
import { countBillableEmployees } from './billable';

/** The owner's subscription (docs/product/subscription.md): owners only, every other role 403. */
export function assertOwner(actor: Actor): void {
  if (!mayManageSubscription(actor)) throw new AppError('FORBIDDEN');
}

/**
 * What only the account's own people may do: give a direct-debit mandate, subscribe (an obligation to pay) and
 * delete the account. A super user helping in shadow sees the page and may change the rest, not these.
 */
export function assertNotShadow(actor: Actor): void {
  if (actor.shadow) throw new AppError('FORBIDDEN', { data: { reason: 'shadow' } });
}

type AccountRow = typeof accounts.$inferSelect;

async function lockAccount(tx: DbOrTx, accountId: string): Promise<AccountRow> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function mandateInForce(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select()
    .from(sepaMandates)
    .where(and(eq(sepaMandates.accountId, accountId), isNull(sepaMandates.revokedAt)));
  return row ?? null;
}

async function discountOf(db: DbOrTx, code: string | null) {
  if (!code) return null;
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  return row ?? null;
}

/**
 * Moves the account's status through the machine (packages/domain/src/account/status.ts) and stores its answer; a
 * refused move is 409 ACCOUNT_STATUS naming the status it was refused in.
 */
export async function applyAccountEvent(tx: Tx, account: AccountRow, event: AccountEvent): Promise<AccountRow> {
  const at = now();
  const result = transitionAccount({ status: account.status as AccountStatus, ...lifeOf(account) }, event, at);
  if (!result.ok) throw new AppError('ACCOUNT_STATUS', { data: { status: account.status, event: event.type } });
  const next = {
    status: result.life.status,
    trialEndsAt: result.life.trialEndsAt,
    periodEndsAt: result.life.periodEndsAt,
    statusChangedAt: result.life.status !== account.status ? at : account.statusChangedAt,
  };
  await tx.update(accounts).set(next).where(eq(accounts.id, account.id));
  return { ...account, ...next };
}

const lifeOf = (a: AccountRow) => ({ trialEndsAt: a.trialEndsAt, periodEndsAt: a.periodEndsAt });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function getSubscription(ctx: AppContext, actor: Actor): Promise<SubscriptionResponse> {
  assertOwner(actor);
  const db = ctx.db;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, actor.accountId));
  if (!account) throw new AppError('NOT_FOUND');
  const [mandate, discount, billable] = [
    await mandateInForce(db, account.id),
    await discountOf(db, account.discountCode),
    await countBillableEmployees(db, account.id),
  ];
  const terms = { plan: account.plan as SubscriptionResponse['plan'], ...pick(account) };
  const price = planPrice(terms);
  const missing: SubscriptionResponse['missing'] = [];
  if (!account.plan) missing.push('plan');
  if (!mandate) missing.push('mandate');
  if (!account.invoiceAddress) missing.push('invoiceDetails');
  return {
    companyName: account.companyName ?? account.name,
    status: account.status as SubscriptionResponse['status'],
    trialEndsAt: iso(account.trialEndsAt),
    periodEndsAt: iso(account.periodEndsAt),
    plan: terms.plan,
    billing: account.billing === 'arrears' ? 'arrears' : 'advance',
    priceCents: price,
    maxEmployees: planLimit(terms),
    billableEmployees: billable,
    estimateCents: price === null ? null : estimatePeriodCents(price, billable, discount?.percent ?? 0),
    discount: discount ? { code: discount.code, percent: discount.percent } : null,
    licenseCode: account.licenseCode,
    invoice: {
      invoiceAddress: account.invoiceAddress ?? '',
      vatNumber: account.vatNumber ?? '',
      registrationNumber: account.registrationNumber ?? '',
      invoiceEmail: account.invoiceEmail ?? '',
      country: accountSettings(account.settings).country ?? null,
    },
    mandate: mandate
      ? {
          holder: mandate.holder,
          ibanMasked: maskIban(mandate.iban),
          bic: mandate.bic,
          reference: mandate.reference,
          signedOn: mandate.signedOn,
        }
      : null,
    creditor: { name: ctx.config.billing.creditor.name, id: ctx.config.billing.creditor.id },
    missing,
  };
}

const pick = (a: AccountRow) => ({ maxEmployees: a.maxEmployees, priceCents: a.priceCents });

/** Runs a change of the owner's as one command on the locked account row; the members' apps re-initialise after it. */
async function change(
  ctx: AppContext,
  actor: Actor,
  work: (tx: Tx, account: AccountRow) => Promise<void>,
): Promise<SubscriptionResponse> {
  assertOwner(actor);
  await runCommand(ctx, actor, async (command) => {
    await work(command.tx, await lockAccount(command.tx, actor.accountId));
    command.emit(`account.${actor.accountId}`, 'Reinit', { reason: 'subscription' });
  });
  return getSubscription(ctx, actor);
}

/**
 * Chooses fix or flex and how it is billed. The plan's terms replace negotiated ones; refused (PLAN_LIMIT) when the
 * account already has more active members than the plan allows, and while a licence sets the plan.
 */
export const setPlan = (ctx: AppContext, actor: Actor, body: PlanRequest) =>
  change(ctx, actor, async (tx, account) => {
    if (account.status === 'license') throw new AppError('ACCOUNT_STATUS', { data: { status: account.status } });
    const max = PLANS[body.plan].maxEmployees;
    const active = await activeCount(tx, account.id);
    if (max !== null && active > max) throw new AppError('PLAN_LIMIT', { data: { max, active } });
    await tx
      .update(accounts)
      .set({ plan: body.plan, billing: body.billing, maxEmployees: null, priceCents: null })
      .where(eq(accounts.id, account.id));
    await recordActivity(tx, actor, {
      entity: 'subscription',
      action: 'plan',
      before: { plan: account.plan, billing: account.billing },
      after: body,
    });
  });

const orNull = (value: string) => (value === '' ? null : value);

/** The invoice address, VAT number (its form checked per country), registration number and invoice e-mail. */
export const setInvoiceDetails = (ctx: AppContext, actor: Actor, body: InvoiceDetailsRequest) =>
  change(ctx, actor, async (tx, account) => {
    const problem = body.vatNumber === '' ? null : vatNumberProblem(body.vatNumber);
    if (problem) throw fieldError({ vatNumber: [`subscriptionPage.errors.${problem}`] });
    const after = {
      invoiceAddress: body.invoiceAddress,
      vatNumber: body.vatNumber === '' ? null : normalizeVatNumber(body.vatNumber),
      registrationNumber: orNull(body.registrationNumber),
      invoiceEmail: orNull(body.invoiceEmail),
    };
    await tx.update(accounts).set(after).where(eq(accounts.id, account.id));
    await recordActivity(tx, actor, { entity: 'subscription', action: 'invoiceDetails', after });
  });

/**
 * A new SEPA direct-debit mandate: IBAN and BIC checked with ibantools, a fresh mandate reference, signed today in
 * the account's time zone. The mandate in force is revoked: one is in force at a time.
 */
export const addMandate = (ctx: AppContext, actor: Actor, body: MandateRequest) =>
  change(ctx, actor, async (tx, account) => {
    assertNotShadow(actor);
    const problems = bankAccountProblems(body.iban, body.bic);
    const fields: Record<string, string[]> = {};
    if (problems.iban) fields.iban = [`subscriptionPage.errors.${problems.iban}`];
    if (problems.bic) fields.bic = [`subscriptionPage.errors.${problems.bic}`];
    if (Object.keys(fields).length) throw fieldError(fields);
    const at = now();
    const signedOn = todayIn(accountSettings(account.settings).timeZone, at);
    await tx
      .update(sepaMandates)
      .set({ revokedAt: at })
      .where(and(eq(sepaMandates.accountId, account.id), isNull(sepaMandates.revokedAt)));
    const [created] = await tx
      .insert(sepaMandates)
      .values({
        accountId: account.id,
        holder: body.holder,
        ...normalizeBankAccount(body.iban, body.bic),
        // About 50 random bits: a collision is left to the unique index (the request then fails and is retried).
        reference: mandateReference(signedOn, randomBytes(10)),
        signedOn,
        createdAt: at,
      })
      .returning({ id: sepaMandates.id, reference: sepaMandates.reference, iban: sepaMandates.iban });
    await recordActivity(tx, actor, {
      entity: 'subscription',
      entityId: created.id,
      action: 'mandate',
      after: { reference: created.reference, iban: maskIban(created.iban) },
    });
  });

/** Subscribing: a plan, a mandate in force and the invoice details first; then the machine's `subscribe`. */
export const subscribe = (ctx: AppContext, actor: Actor) =>
  change(ctx, actor, async (tx, account) => {
    assertNotShadow(actor);
    if (!account.plan) throw new AppError('PLAN_REQUIRED');
    if (!(await mandateInForce(tx, account.id))) throw new AppError('MANDATE_REQUIRED');
    if (!account.invoiceAddress) throw new AppError('INVOICE_DETAILS_REQUIRED');
    const after = await applyAccountEvent(tx, account, { type: 'subscribe' });
    await recordActivity(tx, actor, { entity: 'subscription', action: 'subscribe', after: { status: after.status } });
  });

/** Cancels at the end of the paid period (deleting at once is `deleteAccount`). */
export const cancel = (ctx: AppContext, actor: Actor) =>
  change(ctx, actor, async (tx, account) => {
    const after = await applyAccountEvent(tx, account, { type: 'cancel', atOnce: false });
    await recordActivity(tx, actor, { entity: 'subscription', action: 'cancel', after: { status: after.status } });
  });

/** Takes a cancellation back before the paid period ends. */
export const resume = (ctx: AppContext, actor: Actor) =>
  change(ctx, actor, async (tx, account) => {
    const after = await applyAccountEvent(tx, account, { type: 'resume' });
    await recordActivity(tx, actor, { entity: 'subscription', action: 'resume', after: { status: after.status } });
  });

/**
 * Redeems a licence code: unknown → LICENSE_INVALID, past its redemption date or its end → LICENSE_EXPIRED, already
 * redeemed → LICENSE_USED. The licence's plan and maximum become the account's, and the machine's `license` event
 * moves the status.
 */
export const redeemLicense = (ctx: AppContext, actor: Actor, body: CodeRequest) =>
  change(ctx, actor, async (tx, account) => {
    const [code] = await tx.select().from(licenseCodes).where(eq(licenseCodes.code, body.code)).for('update');
    if (!code) throw new AppError('LICENSE_INVALID');
    if (code.redeemedAt) throw new AppError('LICENSE_USED');
    const at = now();
    if ((code.redeemableUntil && code.redeemableUntil <= at) || (code.endsAt && code.endsAt <= at))
      throw new AppError('LICENSE_EXPIRED');
    await applyAccountEvent(tx, account, { type: 'license', endsAt: code.endsAt });
    await tx
      .update(accounts)
      .set({ plan: code.plan, maxEmployees: code.maxEmployees, priceCents: null, licenseCode: code.code })
      .where(eq(accounts.id, account.id));
    await tx.update(licenseCodes).set({ redeemedAt: at, redeemedBy: account.id }).where(eq(licenseCodes.id, code.id));
    await recordActivity(tx, actor, { entity: 'subscription', action: 'license', after: { code: code.code } });
  });

/** Enters a discount code: unknown, past its date or used up → DISCOUNT_INVALID (data.reason says which). */
export const applyDiscount = (ctx: AppContext, actor: Actor, body: CodeRequest) =>
  change(ctx, actor, async (tx, account) => {
    if (account.discountCode === body.code) return;
    const [code] = await tx.select().from(discountCodes).where(eq(discountCodes.code, body.code)).for('update');
    if (!code) throw new AppError('DISCOUNT_INVALID', { data: { reason: 'unknown' } });
    if (code.validUntil && code.validUntil <= now())
      throw new AppError('DISCOUNT_INVALID', { data: { reason: 'expired' } });
    if (code.maxUses !== null && code.uses >= code.maxUses)
      throw new AppError('DISCOUNT_INVALID', { data: { reason: 'usedUp' } });
    await tx
      .update(discountCodes)
      .set({ uses: code.uses + 1 })
      .where(eq(discountCodes.id, code.id));
    await tx.update(accounts).set({ discountCode: code.code }).where(eq(accounts.id, account.id));
    await recordActivity(tx, actor, { entity: 'subscription', action: 'discount', after: { code: code.code } });
  });
