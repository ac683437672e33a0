import { request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

/**
 * A contract's "signed" mark (docs/product/members.md, "Contracts"): set by hand in the employee's contracts tab, kept
 * after a reload, shown on the contract's card. The sample's temporary contracts wait for their signature.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test('a manager marks a temporary contract signed; the card says so after a reload', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // Someone whose running contract is not signed yet (the owner's API finds them; nothing else is changed).
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email: 'owner@example.com', password: PASSWORD } });
  const headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
  const { members } = (await (await api.get('/api/members')).json()) as {
    members: { id: string; fname: string; lname: string }[];
  };
  let person: { id: string; name: string } | null = null;
  let contract: { id: string; signed: boolean } | null = null;
  for (const m of members) {
    const { contracts } = await (await api.get(`/api/members/${m.id}/contracts`)).json();
    const unsigned = (contracts as { id: string; signed: boolean }[] | undefined)?.find((c) => !c.signed);
    if (unsigned && (contracts as unknown[]).length === 1) {
      person = { id: m.id, name: `${m.fname} ${m.lname}` };
      contract = unsigned;
      break;
    }
  }
  if (!person || !contract) throw new Error('the sample has no member with one unsigned contract');
  try {
    await signIn(page, 'en', 'manager@example.com');
    await expectOnOverview(page, 'en');
    await page.goto('/en/employees');
    await page.getByTestId('team-search').fill(person.name);
    await page.getByTestId('team-row').filter({ hasText: person.name }).first().click();
    await expect(page.getByTestId('employee-page')).toBeVisible();
    await page.getByTestId('tab-contracts').click();
    const card = page.getByTestId('contract-card');
    await expect(card).toHaveCount(1);
    const mark = card.getByTestId('contract-signed-mark');
    await expect(mark).toHaveText(text('en', 'team.contract.unsignedMark'));

    await card.getByTestId('contract-edit').click();
    const form = page.getByTestId('contract-form');
    await expect(form.getByTestId('contract-signed')).not.toBeChecked();
    await form.getByTestId('contract-signed').check();
    await expectAccessible(page, 'the contract form with its signed mark');
    await form.getByTestId('contract-save').click();
    await expect(form).toBeHidden();
    await expect(mark).toHaveText(text('en', 'team.contract.signedMark'));

    // Kept: after a reload the card and the form both say signed, and so does the API.
    await page.reload();
    await page.getByTestId('tab-contracts').click();
    await expect(page.getByTestId('contract-card').getByTestId('contract-signed-mark')).toHaveText(
      text('en', 'team.contract.signedMark'),
    );
    await page.screenshot({ path: test.info().outputPath('contract-signed-1366.png') });
    await page.getByTestId('contract-card').getByTestId('contract-edit').click();
    await expect(page.getByTestId('contract-form').getByTestId('contract-signed')).toBeChecked();
    await page.keyboard.press('Escape');
    const { contracts } = await (await api.get(`/api/members/${person.id}/contracts`)).json();
    expect(contracts.find((c: { id: string }) => c.id === contract?.id)?.signed).toBe(true);

    // On a phone the mark is read the same way.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByTestId('contract-card').getByTestId('contract-signed-mark')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('contract-signed-375.png') });
  } finally {
    // Put the contract back as the sample has it.
    const { contracts } = await (await api.get(`/api/members/${person.id}/contracts`)).json();
    const { id, membershipId: _membership, ...body } = contracts.find((c: { id: string }) => c.id === contract?.id);
    await api.put(`/api/contracts/${id}`, { headers, data: { ...body, signed: false } });
    await api.dispose();
  }
});
