/**
 * The operator's licence and discount codes (docs/product/subscription.md, "Codes"):
 *
 *   npm run codes -- license --plan custom --max 80 [--ends 2027-12-31] [--until 2027-01-31] [--code LIC-ACME]
 *   npm run codes -- discount --percent 10 [--until 2027-01-31] [--max-uses 50] [--code WELCOME10]
 *   npm run codes -- list
 *
 * It opens the database of the environment (DATABASE_URL, or the embedded one in DATA_DIR: stop the server first,
 * the embedded database has one process at a time) and prints the code it made.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { PLAN_TYPES, type PlanType } from '@app/contracts';
import { loadConfig } from '../config';
import { holdDataDir } from '../db/backup';
import { openDatabase } from '../db/client';
import { discountCodes, licenseCodes } from '../db/schema';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomCode = (prefix: string) =>
  `${prefix}-${Array.from(randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join('')}`;

/** A date of the command line as the end of that day in UTC; absent: none. */
const endOfDay = (value: string | undefined): Date | null => {
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`not a date (yyyy-mm-dd): ${value}`);
  return new Date(`${value}T23:59:59.999Z`);
};
const code = (value: string | undefined, prefix: string) => {
  const c = (value ?? randomCode(prefix)).toUpperCase();
  if (!/^[A-Z0-9-]{1,40}$/.test(c)) throw new Error('a code is up to 40 letters, digits and dashes');
  return c;
};
const positive = (value: string | undefined, what: string, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`${what}: a whole number from 1 to ${max}`);
  return n;
};

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    plan: { type: 'string' },
    max: { type: 'string' },
    ends: { type: 'string' },
    until: { type: 'string' },
    code: { type: 'string' },
    percent: { type: 'string' },
    'max-uses': { type: 'string' },
  },
});

const config = loadConfig();
// The embedded database allows one process at a time: refused while a server has DATA_DIR open (db/backup.ts).
const dataDirLock = config.databaseUrl ? null : await holdDataDir(config.dataDir);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const db = database.db;
  switch (positionals[0]) {
    case 'license': {
      if (!PLAN_TYPES.includes(values.plan as PlanType)) throw new Error(`--plan: one of ${PLAN_TYPES.join(', ')}`);
      const [row] = await db
        .insert(licenseCodes)
        .values({
          code: code(values.code, 'LIC'),
          plan: values.plan as PlanType,
          maxEmployees: positive(values.max, '--max'),
          endsAt: endOfDay(values.ends),
          redeemableUntil: endOfDay(values.until),
        })
        .returning();
      console.log(
        `licence code ${row.code}: ${row.plan}, up to ${row.maxEmployees} employees, ends ${row.endsAt?.toISOString() ?? 'never'}`,
      );
      break;
    }
    case 'discount': {
      const [row] = await db
        .insert(discountCodes)
        .values({
          code: code(values.code, 'DSC'),
          percent: positive(values.percent, '--percent', 100),
          validUntil: endOfDay(values.until),
          maxUses: values['max-uses'] ? positive(values['max-uses'], '--max-uses') : null,
        })
        .returning();
      console.log(`discount code ${row.code}: ${row.percent} %, ${row.maxUses ?? 'unlimited'} uses`);
      break;
    }
    case 'list': {
      for (const l of await db.select().from(licenseCodes))
        console.log(`licence  ${l.code}  ${l.plan}  max ${l.maxEmployees}  ${l.redeemedAt ? 'redeemed' : 'open'}`);
      for (const d of await db.select().from(discountCodes))
        console.log(`discount ${d.code}  ${d.percent} %  used ${d.uses}/${d.maxUses ?? '∞'}`);
      break;
    }
    default:
      throw new Error('usage: npm run codes -- license|discount|list [options] (see apps/server/src/tools/codes.ts)');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
  await dataDirLock?.release();
}
