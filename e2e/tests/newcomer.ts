import type { APIRequestContext } from '@playwright/test';

/**
 * The newcomer's server (playwright.config.ts): started on an empty database (SAMPLE_DATA=0) with the controls
 * of E2E_CONTROLS, so a flow can register a company as a stranger would and let a month pass. Flows that use it set
 * `test.use({ baseURL: NEWCOMER_URL })`. External runs (E2E_BASE_URL) name it with E2E_NEWCOMER_URL.
 */
export const NEWCOMER_URL =
  process.env.E2E_NEWCOMER_URL ?? `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

/** Moves the newcomer server's clock forward by whole days. */
export async function passDays(request: APIRequestContext, days: number): Promise<Date> {
  const response = await request.post(`${NEWCOMER_URL}/api/test/clock`, { data: { days } });
  if (!response.ok()) throw new Error(`the clock did not move: ${response.status()}`);
  return new Date(((await response.json()) as { now: string }).now);
}

/** Runs one of the newcomer server's jobs now (its daily or per-period work), waiting until it is done. */
export async function runJob(request: APIRequestContext, name: string): Promise<void> {
  const response = await request.post(`${NEWCOMER_URL}/api/test/jobs/${encodeURIComponent(name)}`);
  if (!response.ok()) throw new Error(`job ${name} did not run: ${response.status()}`);
}

/** Makes the person an operator (super user), as operators are made by hand on a real server. */
export async function makeOperator(request: APIRequestContext, email: string): Promise<void> {
  const response = await request.post(`${NEWCOMER_URL}/api/test/super-user`, { data: { email } });
  if (!response.ok()) throw new Error(`no operator made: ${response.status()}`);
}
