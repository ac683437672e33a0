import { formatHHmm, todayIn } from '@app/domain';
import { type APIRequestContext, type Locator, type Page, request as playwrightRequest } from '@playwright/test';
import { expect, test } from './pageErrors';
import { PASSWORD } from './sample';

/** A sample person signed in through the API: the request context and the CSRF header its writes send. */
export interface Api {
  api: APIRequestContext;
  headers: Record<string, string>;
}

/** Signs a sample person in through the API (dispose of `api` when done). */
export async function apiOf(email: string): Promise<Api> {
  const api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return { api, headers: { 'x-csrf-token': (await login.json()).csrfToken as string } };
}

/**
 * Switches modules of the owner's account on or off, in the order given (a module needing another comes after it
 * on, before it off). Switching on must succeed; switching off (a flow's clean-up) is tried.
 */
export async function setModules(owner: Api, modules: string[], active: boolean) {
  for (const module of modules) {
    const res = await owner.api.put(`/api/modules/${module}`, { headers: owner.headers, data: { active } });
    if (active) expect(res.status(), `${module}: ${await res.text()}`).toBe(200);
  }
}

/** A full-page screenshot among the test's output. */
export const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The id of a location of the signed-in person's account, by its name ('' when there is none). */
export async function locationId(api: Api, name: string): Promise<string> {
  const { locations } = (await (await api.api.get('/api/locations')).json()) as {
    locations: { id: string; name: string }[];
  };
  return locations.find((l) => l.name === name)?.id ?? '';
}

/**
 * Types a value into a field until the field holds it: a form that re-renders while a line is added (a busy machine
 * draws it late) may drop the first typing.
 */
export async function fillSurely(field: Locator, value: string) {
  await expect(async () => {
    await field.fill(value);
    await expect(field).toHaveValue(value, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Types a date into a date field and leaves it, again until the field keeps it: on a busy machine the form may still
 * be drawing the change of the field before (a start date bounds the end date) and drop what was typed.
 */
export async function typeDateSurely(field: Locator, value: string) {
  await expect(async () => {
    await field.fill(value);
    await field.press('Tab');
    await expect(field).toHaveValue(value, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** The local date, minutes since midnight and HH:mm of an instant in a time zone (the server's clock, a planning's zone). */
export function localAt(instant: string | number | Date, timeZone: string) {
  const at = new Date(instant);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, p) => Object.assign(all, { [p.type]: p.value }), {});
  const minutes = Number(parts.hour) * 60 + Number(parts.minute);
  return { date: todayIn(timeZone, at), minutes, time: formatHHmm(minutes) };
}
