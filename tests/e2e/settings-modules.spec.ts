import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './helpers/fixtures';
import { gotoHydrated, loginAs, watchConsole } from './helpers/page-actions';

// Demo data (dev/fake-discord/data.ts): Demo Owner owns Kenji Lounge (1,284 members).
const KENJI = '/server/300000000000000001';
const WELCOME = `${KENJI}/welcome-message`;

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test('the welcome message: typed with placeholders, previewed as Discord shows it, saved, and kept after a reload', async ({ page }) => {
  const problems = watchConsole(page);
  await loginAs(page, 'Demo Owner');
  await gotoHydrated(page, WELCOME);
  const welcome = section(page, 'Welcome Message');
  const text = welcome.getByRole('textbox', { name: 'Message' });
  const preview = welcome.getByTestId('welcome-preview');
  // The default text, filled in for the owner joining this server.
  await expect(preview).toContainText('Welcome to Kenji Lounge, @Demo Owner! You are member #1,284.');

  await text.fill('Hi ');
  await welcome.getByRole('button', { name: '{user.mention}' }).click();
  await text.press('End');
  await text.pressSequentially(', enjoy {server}!');
  // The preview follows each keystroke, before anything is saved.
  await expect(preview).toContainText('Hi @Demo Owner, enjoy Kenji Lounge!');
  await expect(preview.getByText('@Demo Owner', { exact: true })).toBeVisible();
  await expect(welcome.getByText('34 / 2,000')).toBeVisible();
  await expect(welcome.getByText('Saved ✓')).toHaveCount(0);

  // Leaving the editor saves.
  await page.getByRole('heading', { level: 1 }).click();
  await expect(welcome.getByText('Saved ✓')).toBeVisible();

  // Over the limit: said at the field, nothing sent.
  await text.fill('x'.repeat(2001));
  await expect(welcome.getByText('2,001 / 2,000')).toBeVisible();
  await text.press('Control+Enter');
  await expect(welcome.getByText('Write the message: 1 to 2,000 characters.')).toBeVisible();
  await text.press('Escape');

  await page.reload();
  await expect(page.locator('html[data-client-loaded="true"]')).toHaveCount(1);
  await expect(section(page, 'Welcome Message').getByRole('textbox', { name: 'Message' })).toHaveValue('Hi {user.mention}, enjoy {server}!');
  const results = await new AxeBuilder({ page }).include('section[aria-labelledby="welcomemessage-title"]').analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  expect(problems).toEqual([]);
});
