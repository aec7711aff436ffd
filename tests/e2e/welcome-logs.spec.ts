import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './helpers/fixtures';
import { gotoHydrated, loginAs, watchConsole } from './helpers/page-actions';

// Demo data (dev/fake-discord/data.ts): Demo Owner owns Kenji Lounge.
const KENJI = '/server/300000000000000001';
const WELCOME = `${KENJI}/welcome-message`;

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test('a welcome text left with Tab past its insert buttons is saved, and one typed before leaving the page too', async ({ page }) => {
  const problems = watchConsole(page);
  await loginAs(page, 'Demo Owner');
  await gotoHydrated(page, WELCOME);
  const welcome = section(page, 'Welcome Message');
  const text = welcome.getByRole('textbox', { name: 'Message' });
  await text.fill('Tabbed **away**');
  // Tab walks the four insert buttons, then leaves the editor's group.
  for (let step = 0; step < 5; step++) await page.keyboard.press('Tab');
  await expect(welcome.getByText('Saved ✓')).toBeVisible();
  // The preview draws the markdown, without its asterisks.
  await expect(welcome.getByTestId('welcome-preview').locator('strong', { hasText: 'away' })).toBeVisible();
  await expect(welcome.getByTestId('welcome-preview')).not.toContainText('**');

  // Typed, then the page is left without leaving the field: saved as the page goes (pagehide).
  await text.fill('Kept on the way out');
  await page.goto('/');
  await gotoHydrated(page, WELCOME);
  await expect(section(page, 'Welcome Message').getByRole('textbox', { name: 'Message' })).toHaveValue('Kept on the way out');
  expect(problems).toEqual([]);
});

test('an embed welcome: the style switch shows its fields, the preview draws the embed in its colour', async ({ page }) => {
  await loginAs(page, 'Demo Owner');
  await gotoHydrated(page, WELCOME);
  const welcome = section(page, 'Welcome Message');
  await welcome.getByRole('radio', { name: 'Embed' }).check({ force: true });
  const title = welcome.getByRole('textbox', { name: 'Embed title' });
  await title.fill('Hello {user}');
  await page.keyboard.press('Tab');
  await expect(welcome.getByTestId('welcome-embed')).toContainText('Hello Demo Owner');
  const colour = welcome.getByRole('textbox', { name: 'Embed colour', exact: true });
  await colour.fill('#ED4245');
  await colour.press('Enter');
  await expect(welcome.getByTestId('welcome-embed')).toHaveCSS('border-left-color', 'rgb(237, 66, 69)');
  await expect(welcome.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).include('section[aria-labelledby="welcomemessage-title"]').analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});
