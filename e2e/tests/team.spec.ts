import { addDays } from '@app/domain';
import { type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './axe';
import { linkPath, startMailbox } from './mailbox';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

test.describe.configure({ mode: 'serial' });
// Whole flows with several people and browsers: longer than the default.
test.setTimeout(90_000);

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

/** A fresh browser of its own for another person. */
async function personPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

/** Opens a member's page from the team list by searching their name. */
async function openMember(page: Page, name: string) {
  await page.goto('/en/employees');
  await page.getByTestId('team-search').fill(name);
  await page.getByTestId('team-row').filter({ hasText: name }).first().click();
  await expect(page.getByTestId('employee-page')).toBeVisible();
}

/** The owner's API, for facts the flow checks against (location ids) and for putting things back afterwards. */
async function ownerApi(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email: 'owner@example.com', password: PASSWORD } });
  const headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
  return { api, headers };
}

test('the owner invites two people by a pasted list; each follows the mailed link, sets a password and signs in', async ({
  page,
  browser,
}) => {
  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await page.getByTestId('side-nav').getByText(text('en', 'menu.team')).click();
  await expect(page.getByTestId('team-page')).toBeVisible();
  await expect(page.getByTestId('team-counts')).toContainText('of 250 active employees');
  await expectAccessible(page, 'the team list');

  await page.getByTestId('team-invite').click();
  await page.getByTestId('invite-tab-many').click();
  await page.getByTestId('invite-paste').fill('Mara Lind <mara.lind@example.com>\nTeo Ruiz, teo.ruiz@example.com');
  await expect(page.getByTestId('invite-preview').locator('tbody tr')).toHaveCount(2);
  await page.getByTestId('invite-locations').click();
  await page.getByRole('option', { name: 'Headquarter' }).click();
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'the invitation dialog');
  await page.getByTestId('invite-submit').click();
  await expect(page.getByText('Invitations sent: 2')).toBeVisible();
  await expect(page.getByTestId('invite-dialog')).toBeHidden();

  await page.getByTestId('team-status').getByText('Invited').click();
  await expect(page.getByTestId('team-row')).toHaveCount(2);

  // Inviting the same address again is refused, naming the rule.
  await page.getByTestId('team-invite').click();
  await page.getByTestId('invite-fname').fill('Mara');
  await page.getByTestId('invite-email').fill('mara.lind@example.com');
  await page.getByTestId('invite-submit').click();
  await expect(page.getByTestId('invite-refusal')).toContainText('mara.lind@example.com');
  await page.keyboard.press('Escape');

  for (const [email, name] of [
    ['mara.lind@example.com', 'Mara'],
    ['teo.ruiz@example.com', 'Teo'],
  ] as const) {
    const mail = await mailbox.latest(email);
    expect(mail.subject).toContain('Bistro Central');
    const invited = await personPage(browser);
    await invited.goto(linkPath(mail));
    await expect(invited.getByTestId('invitation-info')).toContainText(email);
    await invited.getByTestId('new-password').fill('Joined2024x');
    await invited.getByTestId('repeat-password').fill('Joined2024x');
    await invited.getByTestId('accept-invitation').getByRole('button').click();
    await expect(invited.getByTestId('code-done')).toBeVisible();
    await signIn(invited, 'en', email, 'Joined2024x');
    await expectOnOverview(invited, 'en');
    await expect(invited.getByText(name).first()).toBeVisible();
    await invited.context().close();
  }
});

test('the owner grants rights and a sensitive role (with its warning) and adds a contract', async ({ page }) => {
  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await openMember(page, 'Mara Lind');
  await expect(page.getByTestId('member-state')).toHaveText('Active');
  await expectAccessible(page, 'the employee page');

  await page.getByTestId('tab-access').click();
  await page.getByTestId('right-hours.own').click();
  await page.getByTestId('right-vacation.request').click();
  await page.getByTestId('role-accountant').click();
  await expectAccessible(page, 'the roles and rights tab');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByRole('dialog')).toContainText('Mara Lind becomes Accountant');
  await page.getByTestId('confirm-role').click();
  await expect(page.getByTestId('member-save-bar')).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('right-hours.own')).toBeChecked();
  await expect(page.getByTestId('role-accountant')).toBeChecked();

  await page.getByTestId('tab-contracts').click();
  await expect(page.getByTestId('contracts-empty')).toBeVisible();
  await page.getByTestId('contract-add').click();
  await page.getByTestId('contract-hours').fill('24');
  await expectAccessible(page, 'the contract form');
  await page.getByTestId('contract-save').click();
  await expect(page.getByTestId('contract-card')).toContainText('24 h/week');
  await expect(page.getByTestId('contract-card')).toContainText('Running');
});

test('a planner restricted to one planning sees only its roster and is refused the other by URL', async ({
  page,
  browser,
  baseURL,
}) => {
  const { api, headers } = await ownerApi(baseURL ?? '');
  const { locations } = await (await api.get('/api/locations')).json();
  const hq = locations.find((l: { name: string }) => l.name === 'Headquarter');
  const cafe = locations.find((l: { name: string }) => l.name === 'Café am Markt');

  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await openMember(page, 'Paula Planner');
  await page.getByTestId('tab-access').click();
  await page.getByTestId('member-scope').getByText('Some').click();
  await page.getByTestId('member-scope-locations').click();
  await page.getByRole('option', { name: 'Headquarter' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('member-save').click();
  await expect(page.getByTestId('member-save-bar')).toBeHidden();

  const planner = await personPage(browser);
  try {
    await signIn(planner, 'en', 'planner@example.com');
    await expectOnOverview(planner, 'en');
    await planner.goto('/en/roster');
    await expect(planner).toHaveURL(new RegExp(`/en/roster/${hq.id}/`));
    const plannerLocations = await (await planner.request.get('/api/locations')).json();
    expect(plannerLocations.locations.map((l: { name: string }) => l.name)).toEqual(['Headquarter']);
    const date = /\/(\d{4}-\d{2}-\d{2})/.exec(planner.url())?.[1];
    await planner.goto(`/en/roster/${cafe.id}/${date}`);
    await expect(planner.getByTestId('error-forbidden')).toBeVisible();
  } finally {
    await planner.context().close();
    // Put the planner back as the sample has them, for the flows that follow.
    const paula = (await (await api.get('/api/members')).json()).members.find(
      (m: { email: string }) => m.email === 'planner@example.com',
    );
    const detail = await (await api.get(`/api/members/${paula.id}`)).json();
    await api.put(`/api/members/${paula.id}/access`, {
      headers,
      data: { ...detail.access, planningScope: 'all', scopeLocationIds: [] },
    });
    await api.dispose();
  }
});

test('the account holder stays: another owner is offered no way to take her out', async ({
  page,
  browser,
  baseURL,
}) => {
  // The manager becomes a second owner, then opens the account holder.
  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await openMember(page, 'Max Manager');
  await page.getByTestId('tab-access').click();
  await page.getByTestId('role-owner').click();
  await page.getByTestId('member-save').click();
  await expect(page.getByTestId('member-save-bar')).toBeHidden();

  const manager = await personPage(browser);
  try {
    await signIn(manager, 'en', 'manager@example.com');
    await expectOnOverview(manager, 'en');
    await openMember(manager, 'Olivia Owner');
    // No deactivating or deleting her, and she stays an owner.
    await expect(manager.getByTestId('member-actions')).toHaveCount(0);
    await manager.getByTestId('tab-access').click();
    await expect(manager.getByTestId('access-holder')).toHaveText(text('en', 'team.accountHolderStays'));
    await expect(manager.getByTestId('role-owner')).toBeDisabled();
    // She also owns Corner Store: her name, address and language are hers to change.
    await manager.getByTestId('tab-profile').click();
    await expect(manager.getByTestId('member-fname')).toBeDisabled();
    await expect(manager.getByTestId('member-job-title')).toBeEnabled();
  } finally {
    await manager.context().close();
    const { api, headers } = await ownerApi(baseURL ?? '');
    const max = (await (await api.get('/api/members')).json()).members.find(
      (m: { email: string }) => m.email === 'manager@example.com',
    );
    const detail = await (await api.get(`/api/members/${max.id}`)).json();
    await api.put(`/api/members/${max.id}/access`, { headers, data: { ...detail.access, roles: ['manager'] } });
    await api.dispose();
  }
});

test('the team works on a phone: list, employee page and contract form', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await page.goto('/en/employees');
  await expect(page.getByTestId('team-row').first()).toBeVisible();
  await expectAccessible(page, 'the team list on a phone');
  await page.screenshot({ path: test.info().outputPath('team-375.png') });
  await openMember(page, 'Hannah Weber');
  await page.getByTestId('tab-contracts').click();
  await expect(page.getByTestId('contract-card').first()).toBeVisible();
  await expectAccessible(page, 'the contracts tab on a phone');
  await page.screenshot({ path: test.info().outputPath('employee-375.png'), fullPage: true });
});

test('a flexible contract set on the employee page caps what the matching wizard proposes', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { api, headers } = await ownerApi(baseURL ?? '');
  const { locations } = await (await api.get('/api/locations')).json();
  const hq = locations.find((l: { name: string }) => l.name === 'Headquarter');
  const { shifts } = await (await api.get('/api/shifts')).json();
  const early = shifts.find((s: { identifier: string }) => s.identifier === 'E');
  // A duty only Noah holds, on four open early shifts (7.5 hours each) of a week after the release date.
  const identifier = `W${(Date.now() % 46656).toString(36).toUpperCase()}`;
  const duty = await (
    await api.post('/api/duties', { headers, data: { identifier, name: `Wine ${identifier}` } })
  ).json();
  const noah = (await (await api.get('/api/members')).json()).members.find(
    (m: { fname: string; lname: string }) => m.fname === 'Noah' && m.lname === 'Meyer',
  );
  const holdings = await (await api.get(`/api/memberships/${noah.id}/holdings`)).json();
  await api.put(`/api/memberships/${noah.id}/holdings`, {
    headers,
    data: { ...holdings, dutyIds: [...holdings.dutyIds, duty.id] },
  });
  const monday = addDays(hq.releasedUntil, 22);
  const items: string[] = [];
  for (let d = 0; d < 4; d++) {
    const res = await api.post('/api/items', {
      headers,
      data: { location: hq.id, date: addDays(monday, d), duty: duty.id, shift: early.id },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    items.push((await res.json()).item.id);
  }
  const original = (await (await api.get(`/api/members/${noah.id}/contracts`)).json()).contracts[0];
  const planner = await personPage(browser);
  try {
    // With his part-time contract, Noah is the one for every day.
    const plannerApi = await playwrightRequest.newContext({ baseURL });
    const login = await plannerApi.post('/api/auth/login', {
      data: { email: 'planner@example.com', password: PASSWORD },
    });
    const plannerHeaders = { 'x-csrf-token': (await login.json()).csrfToken as string };
    const before = await (
      await plannerApi.post(`/api/locations/${hq.id}/matching`, {
        headers: plannerHeaders,
        data: { from: monday, until: addDays(monday, 3), mode: 'fast' },
      })
    ).json();
    expect(before.assignments.filter((a: { user: string }) => a.user === noah.id)).toHaveLength(4);
    await plannerApi.dispose();

    // The owner turns Noah's running contract into a flexible one of at most 8 hours a week.
    await signIn(page, 'en', 'owner@example.com');
    await expectOnOverview(page, 'en');
    await openMember(page, 'Noah Meyer');
    await page.getByTestId('tab-contracts').click();
    await expect(page.getByTestId('contract-card')).toHaveCount(1);
    await page.getByTestId('contract-edit').click();
    await page.getByTestId('contract-type').click();
    await page.getByRole('option', { name: text('en', 'team.contract.type.flex') }).click();
    await page.getByTestId('contract-flexible').check();
    await page.getByTestId('contract-hours').fill('8');
    await page.getByRole('textbox', { name: text('en', 'team.contract.daysPerWeek') }).fill('2');
    await page.getByTestId('contract-save').click();
    await expect(page.getByTestId('contract-form')).toBeHidden();
    const card = page.getByTestId('contract-card');
    await expect(card).toContainText(text('en', 'team.contract.type.flex'));
    await expect(card).toContainText(/(^|\D)8 h\/week/);

    // The planner's wizard gives Noah one of the four early shifts of that week; the rest stay open.
    await signIn(planner, 'en', 'planner@example.com');
    await expectOnOverview(planner, 'en');
    await planner.goto(`/en/roster/${hq.id}/${monday}`);
    await expect(planner.getByTestId('roster-grid')).toBeVisible();
    await planner.getByTestId('matching-open').click();
    await expect(planner.getByTestId('matching-dialog')).toBeVisible();
    await planner.getByTestId('matching-run').click();
    const proposal = planner.getByTestId('matching-proposal');
    await expect(proposal).toBeVisible({ timeout: 90_000 });
    const ours = proposal.locator('tbody tr').filter({ hasText: identifier });
    await expect(ours).toHaveCount(4);
    await expect(ours.filter({ hasText: 'Noah Meyer' })).toHaveCount(1);
    await expect(ours.filter({ hasText: text('en', 'roster.openDuty') })).toHaveCount(3);
    await expectAccessible(planner, 'the proposal under a contract');
  } finally {
    await planner.context().close();
    for (const item of items) await api.delete(`/api/items/${item}`, { headers });
    const { id: contractId, membershipId: _membership, ...body } = original;
    await api.put(`/api/contracts/${contractId}`, { headers, data: body });
    await api.put(`/api/memberships/${noah.id}/holdings`, { headers, data: holdings });
    await api.delete(`/api/duties/${duty.id}`, { headers });
    await api.dispose();
  }
});
