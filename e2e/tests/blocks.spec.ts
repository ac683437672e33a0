import { addDays } from '@app/domain';
import { type Page, request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

/**
 * The deletion blocks (docs/product/settings.md) met in the browser: each refusal is worded with its reason where the
 * person asked (a shift or a cost centre in use, a cost centre with hours, the planning blocks, the last owner).
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

/** A short name part nobody used yet. */
const serial = () => (Date.now() % 46656).toString(36).toUpperCase();

async function ownerApi(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email: 'owner@example.com', password: PASSWORD } });
  const headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
  return { api, headers };
}

async function gotoSection(page: Page, section: string) {
  await page.goto(`/en/settings/${section}`);
  await expect(page.getByTestId('settings-page')).toHaveAttribute('data-section', section);
  await expect(page.getByTestId('settings-loading')).toHaveCount(0);
}

/** Opens a row of a settings list, asks to delete it and confirms. */
async function tryDelete(page: Page, list: string, name: string) {
  await page.locator(`[data-testid="${list}-row"][data-name="${name}"]`).click();
  await expect(page.getByTestId(`${list}-editor`)).toBeVisible();
  await page.getByTestId(`${list}-delete`).click();
  await page.getByTestId('confirm-yes').click();
}

test('a shift on the roster cannot be deleted: the refusal counts its duties and offers the trash', async ({
  page,
}) => {
  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await gotoSection(page, 'shifts');
  await tryDelete(page, 'shifts', 'Early');
  const block = page.getByTestId('shifts-blocked');
  await expect(block).toContainText(text('en', 'errors.IN_USE'));
  await expect(block).toContainText(/Roster and preset duties that use it: \d+\./);
  await expectAccessible(page, 'a shift in use');
  await page.keyboard.press('Escape');
  await gotoSection(page, 'shifts');
  await expect(page.locator('[data-testid="shifts-row"][data-name="Early"]')).toBeVisible();
});

test('a cost centre with registered hours cannot be deleted; one without is', async ({ page, baseURL }) => {
  const name = `Terrace ${serial()}`;
  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await gotoSection(page, 'costs');
  await page.getByTestId('costs-new').click();
  await page.getByTestId('cost-name').fill(name);
  await page.getByTestId('cost-form-save').click();
  await expect(page.locator(`[data-testid="costs-row"][data-name="${name}"]`)).toBeVisible();

  // Somebody's hours of last week are booked on it.
  const { api, headers } = await ownerApi(baseURL ?? '');
  try {
    const { costCentres } = await (await api.get('/api/cost-centres')).json();
    const centre = costCentres.find((c: { name: string }) => c.name === name);
    const { locations } = await (await api.get('/api/locations')).json();
    const hq = locations.find((l: { name: string }) => l.name === 'Headquarter');
    const { members } = await (await api.get('/api/members')).json();
    const anna = members.find((m: { fname: string; lname: string }) => m.fname === 'Anna' && m.lname === 'Schmidt');
    const registered = await api.post('/api/hours', {
      headers,
      data: {
        member: anna.id,
        location: hq.id,
        // The sample publishes this week and the next: three weeks before its end is last week.
        date: addDays(hq.releasedUntil, -20),
        from: '06:00',
        until: '06:45',
        break: 0,
        costCentre: centre.id,
      },
    });
    expect(registered.status(), await registered.text()).toBeLessThan(300);

    await page.reload();
    await expect(page.getByTestId('settings-loading')).toHaveCount(0);
    await tryDelete(page, 'costs', name);
    const block = page.getByTestId('costs-blocked');
    await expect(block).toContainText(text('en', 'errors.IN_USE'));
    await expect(block).toContainText('Registered hours booked on it: 1.');
    await expectAccessible(page, 'a cost centre with hours');
    await page.keyboard.press('Escape');
    await expect(page.locator(`[data-testid="costs-row"][data-name="${name}"]`)).toBeVisible();
  } finally {
    await api.dispose();
  }

  // A cost centre nobody books on goes.
  const unused = `Garden ${serial()}`;
  await page.getByTestId('costs-new').click();
  await page.getByTestId('cost-name').fill(unused);
  await page.getByTestId('cost-form-save').click();
  await tryDelete(page, 'costs', unused);
  await expect(page.locator(`[data-testid="costs-row"][data-name="${unused}"]`)).toHaveCount(0);
});

test('the planning blocks: published duties, people left without a planning, the only active planning', async ({
  page,
  baseURL,
}) => {
  const { api, headers } = await ownerApi(baseURL ?? '');
  const { locations } = await (await api.get('/api/locations')).json();
  const { members } = await (await api.get('/api/members')).json();
  const greta = members.find((m: { fname: string; lname: string }) => m.fname === 'Greta' && m.lname === 'Werner');
  const gretaHoldings = await (await api.get(`/api/memberships/${greta.id}/holdings`)).json();
  const popUp = `Pop-up ${serial()}`;
  const others = locations.filter(
    (l: { name: string; status: string }) => l.name !== 'Headquarter' && l.status === 'active',
  );
  try {
    await signIn(page, 'en', 'owner@example.com');
    await expectOnOverview(page, 'en');
    await gotoSection(page, 'locations');

    // A planning with published duties stays.
    await tryDelete(page, 'locations', 'Catering Hafen');
    await expect(page.getByTestId('locations-blocked')).toContainText(text('en', 'errors.LOCATION_PUBLISHED_ITEMS'));
    await expect(page.getByTestId('locations-blocked')).toContainText(/Published duties in it: \d+\./);
    await expectAccessible(page, 'a planning with published duties');
    await page.keyboard.press('Escape');

    // A new planning that is Greta's only one: deleting it would leave her without a planning.
    await page.getByTestId('locations-new').click();
    await page.getByTestId('location-name').fill(popUp);
    await page.getByTestId('location-form-save').click();
    await expect(page.locator(`[data-testid="locations-row"][data-name="${popUp}"]`)).toBeVisible();
    const created = (await (await api.get('/api/locations')).json()).locations.find(
      (l: { name: string }) => l.name === popUp,
    );
    await api.put(`/api/memberships/${greta.id}/holdings`, {
      headers,
      data: { ...gretaHoldings, locationIds: [created.id] },
    });
    await tryDelete(page, 'locations', popUp);
    const stranded = page.getByTestId('locations-blocked');
    await expect(stranded).toContainText(text('en', 'errors.LOCATION_LEAVES_USERS_UNASSIGNED'));
    await expect(stranded).toContainText('Greta Werner');
    await page.keyboard.press('Escape');

    // Greta back where she was, the planning goes.
    await api.put(`/api/memberships/${greta.id}/holdings`, { headers, data: gretaHoldings });
    await tryDelete(page, 'locations', popUp);
    await expect(page.locator(`[data-testid="locations-row"][data-name="${popUp}"]`)).toHaveCount(0);

    // With the other plannings inactive, the headquarter is the only active one.
    for (const l of others) {
      const res = await api.put(`/api/locations/${l.id}`, { headers, data: { status: 'inactive' } });
      expect(res.status(), await res.text()).toBe(200);
    }
    await page.reload();
    await expect(page.getByTestId('settings-loading')).toHaveCount(0);
    await tryDelete(page, 'locations', 'Headquarter');
    await expect(page.getByTestId('locations-blocked')).toContainText(text('en', 'errors.LOCATION_ONLY_ACTIVE'));
    await page.keyboard.press('Escape');
  } finally {
    for (const l of others) await api.put(`/api/locations/${l.id}`, { headers, data: { status: 'active' } });
    await api.put(`/api/memberships/${greta.id}/holdings`, { headers, data: gretaHoldings });
    await api.dispose();
  }
});

test('a manager cannot take an owner out: the owner’s page is read-only for her, with the reason', async ({ page }) => {
  await signIn(page, 'en', 'manager@example.com');
  await expectOnOverview(page, 'en');
  await page.goto('/en/employees');
  await page.getByTestId('team-search').fill('Olivia Owner');
  await page.getByTestId('team-row').filter({ hasText: 'Olivia Owner' }).first().click();
  await expect(page.getByTestId('employee-page')).toBeVisible();
  await expect(page.getByTestId('member-owner-only')).toHaveText(text('en', 'team.ownerOnly'));
  await expect(page.getByTestId('member-actions')).toHaveCount(0);
  await expect(page.getByTestId('member-lname')).toBeDisabled();
  await expectAccessible(page, 'an owner seen by a manager');
  await expect(page.getByTestId('member-state')).toHaveText('Active');
});
