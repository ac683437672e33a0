import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { linkPath, type startMailbox } from './mailbox';

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

/**
 * A company registers in English, confirms through the mailed link and goes through the setup wizard with the
 * industry chosen and the people to invite, ending on its roster.
 */
export async function registerAndSetUp(
  page: Page,
  mailbox: Awaited<ReturnType<typeof startMailbox>>,
  company: {
    owner: { fname: string; lname: string; email: string; password: string };
    name: string;
    industry: string;
    people: readonly { name: string; email: string }[];
  },
): Promise<void> {
  await page.goto('/en/register');
  await page.getByTestId('register-fname').fill(company.owner.fname);
  await page.getByTestId('register-lname').fill(company.owner.lname);
  await page.getByTestId('register-company').fill(company.name);
  await page.getByTestId('register-email').fill(company.owner.email);
  await page.getByTestId('register-password').fill(company.owner.password);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-dpa').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('check-mail')).toBeVisible();
  await page.goto(linkPath(await mailbox.latest(company.owner.email)));
  await expect(page).toHaveURL(/\/en\/welcome$/);
  await page.getByTestId('welcome-start').click();

  await expect(page).toHaveURL(/\/en\/wizard\/step$/);
  await page.getByTestId('setup-next').click();
  await page.getByTestId('setup-next').click();
  await page.getByTestId(`setup-industry-${company.industry}`).click();
  await page.getByTestId('setup-next').click();
  await page.getByTestId('setup-employees').fill(company.people.map((p) => `${p.name} <${p.email}>`).join('\n'));
  await expect(page.getByTestId('setup-employees-count')).toHaveText(`Ready to invite: ${company.people.length}`);
  for (let step = 3; step < 7; step++) await page.getByTestId('setup-next').click();
  await expect(page.getByTestId('setup-summary')).toContainText(`Invitations to send: ${company.people.length}`);
  await page.getByTestId('setup-finish').click();
  await expect(page).toHaveURL(/\/en\/roster/);
}
