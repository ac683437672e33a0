import { localizedPath } from '@app/domain';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

/** A browser of its own for one person, signed in and on the chats page. */
async function chatsAs(browser: Browser, email: string, viewport = { width: 1366, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, 'en', email);
  await expectOnOverview(page, 'en');
  // On a phone the menu is behind the burger.
  if (viewport.width < 768) await page.getByRole('button', { name: text('en', 'nav.toggle') }).click();
  await page.getByTestId('menu-chats').click();
  await expect(page).toHaveURL(new RegExp(`${localizedPath('chats', 'en')}$`));
  await expect(page.getByTestId('chat-list-item').first()).toBeVisible();
  return page;
}

/** The unread counts of the chat list's entries, added up. */
async function listUnread(page: Page): Promise<number> {
  const counts = await page.getByTestId('chat-unread').allTextContents();
  return counts.reduce((sum, count) => sum + Number(count.replace('+', '')), 0);
}

/** The number on the menu's unread bubble (0 when it is hidden). */
async function bubble(page: Page): Promise<number> {
  const badge = page.getByTestId('menu-chats-unread');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.textContent())?.replace('+', '') ?? 0);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

test.describe('chats', () => {
  test('two people chat live: unread bubble, receipts, typing, phone layout', async ({ browser }) => {
    test.setTimeout(120_000);
    const planner = await chatsAs(browser, 'planner@example.com');
    const employee = await chatsAs(browser, 'employee@example.com');
    // Emma's existing unread messages (the sample's, and what earlier flows left) are counted first: once loaded, the
    // menu's bubble holds what her chat list shows.
    const before = await listUnread(employee);
    await expect.poll(() => bubble(employee)).toBe(before);

    // Paula starts a chat with Emma.
    await planner.getByTestId('chat-new').click();
    await expect(planner.getByRole('dialog', { name: text('en', 'chats.create.title') })).toBeVisible();
    await planner.getByTestId('chat-new-person').click();
    await planner.getByTestId('chat-new-person').fill('Emma');
    await planner.getByRole('option', { name: 'Emma Employee' }).click();
    await planner.getByTestId('chat-new-submit').click();
    await expect(planner.getByTestId('chat-title')).toHaveText('Emma Employee');
    await expect(planner.getByTestId('chat-system-line').first()).toContainText('You created the chat');
    const channel = await planner.getByTestId('chat-conversation').getAttribute('data-channel');

    // The new chat appears in Emma's list without a reload.
    const emmaItem = employee.locator(`[data-testid="chat-list-item"][data-channel="${channel}"]`);
    await expect(emmaItem).toBeVisible();

    // Paula sends (trimmed; Enter sends); Emma's bubble and the list count go up live.
    const composer = planner.getByTestId('chat-composer');
    await composer.fill('   ');
    await expect(planner.getByTestId('chat-send')).toBeDisabled();
    await composer.fill('  Hi Emma, could you take the late shift on Saturday?  ');
    await composer.press('Enter');
    const sent = planner.getByTestId('chat-message').last();
    await expect(sent).toContainText('Hi Emma, could you take the late shift on Saturday?');
    await expect(composer).toHaveValue('');
    await expect.poll(() => bubble(employee)).toBe(before + 1);
    await expect(emmaItem.getByTestId('chat-unread')).toHaveText('1');
    // Emma's app received it: two checks on Paula's side.
    await expect(sent.getByTestId('chat-status')).toHaveAttribute('data-status', 'received');

    // Emma opens it: it is read, her bubble goes back, Paula sees the highlighted checks.
    await emmaItem.click();
    await expect(employee.getByTestId('chat-title')).toHaveText('Paula Planner');
    await expect(employee.getByTestId('chat-message').last()).toContainText('late shift on Saturday');
    await expect.poll(() => bubble(employee)).toBe(before);
    await expect(sent.getByTestId('chat-status')).toHaveAttribute('data-status', 'read');

    // Paula types: Emma sees the typing indicator, which clears once Paula stops.
    await composer.pressSequentially('One more', { delay: 60 });
    await expect(employee.getByTestId('chat-typing')).toBeVisible();
    await expect(employee.getByTestId('chat-typing')).toBeHidden({ timeout: 3000 });
    await composer.fill('');

    // Emma answers on two lines (Shift+Enter), Paula sees it live.
    const reply = employee.getByTestId('chat-composer');
    await reply.pressSequentially('Yes, no problem!');
    await reply.press('Shift+Enter');
    await reply.pressSequentially('See you then.');
    await reply.press('Enter');
    await expect(planner.getByTestId('chat-message').last()).toContainText('Yes, no problem!\nSee you then.');
    await expect(employee.getByTestId('chat-message').last().getByTestId('chat-status')).toHaveAttribute(
      'data-status',
      'read',
    );

    await expectAccessible(planner, 'the conversation (desktop)');
    await expectAccessible(employee, 'the conversation of the other person (desktop)');
    await shot(planner, 'chats-1366-planner');
    await shot(employee, 'chats-1366-employee');

    // A group: the avatar shows its members, system lines say who joined.
    await planner.getByTestId('chat-new').click();
    const dialog = planner.getByRole('dialog', { name: text('en', 'chats.create.title') });
    await dialog.locator('label', { hasText: text('en', 'chats.create.group') }).click();
    await planner.getByTestId('chat-new-title').fill('Saturday party');
    await planner.getByTestId('chat-new-people').click();
    for (const name of ['Emma Employee', 'Leon Fischer', 'Mia Schneider']) {
      await planner.getByTestId('chat-new-people').fill(name.split(' ')[0]);
      await planner.getByRole('option', { name }).click();
    }
    await planner.keyboard.press('Escape');
    await planner.getByTestId('chat-new-submit').click();
    await expect(planner.getByTestId('chat-title')).toHaveText('Saturday party');
    await expect(planner.getByTestId('chat-system-line')).toHaveCount(4);
    await expect(
      planner.locator(
        '[data-testid="chat-list-item"][aria-current="page"] [data-testid="group-avatar"] .mantine-Avatar-root',
      ),
    ).toHaveCount(3);
    await shot(planner, 'chats-1366-group');

    // The phone: one pane at a time, with a back button.
    const phone = await chatsAs(browser, 'employee@example.com', { width: 375, height: 740 });
    await expect(phone.getByTestId('chat-no-selection')).toHaveCount(0);
    await expectAccessible(phone, 'the chat list (phone)');
    await shot(phone, 'chats-375-list');
    await phone.locator(`[data-testid="chat-list-item"][data-channel="${channel}"]`).click();
    await expect(phone.getByTestId('chat-list')).toHaveCount(0);
    await expect(phone.getByTestId('chat-message').last()).toContainText('See you then.');
    const box = await phone.getByTestId('chat-composer').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    await expectAccessible(phone, 'the conversation (phone)');
    await shot(phone, 'chats-375-conversation');
    await phone.getByTestId('chat-back').click();
    await expect(phone.getByTestId('chat-list')).toBeVisible();

    for (const p of [planner, employee, phone]) await p.context().close();
  });

  test('a channel that is not the member’s sends them back to the list', async ({ page }) => {
    await signIn(page, 'en', 'employee@example.com');
    await expectOnOverview(page, 'en');
    await page.goto(localizedPath('chat', 'en', { channel: '00000000-0000-4000-8000-000000000000' }));
    await expect(page).toHaveURL(new RegExp(`${localizedPath('chats', 'en')}$`));
    await expect(page.getByText(text('en', 'chats.notFound'))).toBeVisible();
  });
});
