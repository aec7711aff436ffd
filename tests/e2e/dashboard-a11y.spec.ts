import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './helpers/fixtures';
import { gotoHydrated, loginAs } from './helpers/page-actions';

// Demo data (dev/fake-discord/data.ts): Demo Owner owns Kenji Lounge.
const KENJI = '300000000000000001';

/** Axe on the page as it is now, in the dark theme (the default) and then the light one. */
async function expectAccessibleInBothThemes(page: Page, include?: string) {
  for (const theme of ['dark', 'light']) {
    // What the theme toggle does (src/client/theme-script.ts), without reloading the page and its open dialog.
    if (theme === 'light') await setTheme(page, false);
    const builder = new AxeBuilder({ page });
    const results = await (include ? builder.include(include) : builder).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${theme}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await setTheme(page, true);
}

async function setTheme(page: Page, dark: boolean) {
  await page.evaluate((dark) => {
    const root = document.documentElement;
    root.classList.add('theme-switching');
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    document.body.getBoundingClientRect();
    root.classList.remove('theme-switching');
  }, dark);
  // axe reads colours as they are: none may still be on its way (a busy machine paints late).
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
}

async function noSidewaysScrolling(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`the owner's and admin's pages at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('server list, whitelist dialog and settings: no serious axe violations in either theme, nothing wider than the screen', async ({ page }) => {
      // axe's scans are CPU-bound: three times the timeout, so a machine busy with other work does not fail them.
      test.slow();
      await loginAs(page, 'Demo Owner');
      await expectAccessibleInBothThemes(page);
      await noSidewaysScrolling(page);

      await page.getByRole('button', { name: 'Manage Whitelist' }).click();
      await expect(page.getByRole('dialog', { name: 'Manage Whitelist' })).toBeVisible();
      await expectAccessibleInBothThemes(page, 'dialog[open]');
      await noSidewaysScrolling(page);
      await page.keyboard.press('Escape');

      await gotoHydrated(page, `/server/${KENJI}`);
      await expectAccessibleInBothThemes(page);
      await noSidewaysScrolling(page);
    });

    test('admin console: no serious axe violations in either theme, nothing wider than the screen', async ({ page }) => {
      await loginAs(page, 'Demo Admin');
      await gotoHydrated(page, '/admin');
      await expect(page.getByRole('heading', { name: 'Whitelist Administration' })).toBeVisible();
      await expectAccessibleInBothThemes(page);
      await noSidewaysScrolling(page);
    });
  });
}

test('an owner walks every module with the keyboard alone, and a switch saves from the keyboard', async ({ page }) => {
  await loginAs(page, 'Demo Owner');
  await gotoHydrated(page, `/server/${KENJI}`);
  const nav = page.getByRole('navigation', { name: 'Server settings' });
  const links = nav.getByRole('link');
  const count = await links.count();
  // The overview, then ten modules.
  expect(count).toBe(11);

  // Tab from the top of the page into the navigation.
  await page.locator('body').press('Tab');
  for (let i = 0; i < 40 && !(await nav.evaluate((el) => el.contains(document.activeElement))); i++) await page.keyboard.press('Tab');
  await expect(links.first()).toBeFocused();

  for (let i = 1; i < count; i++) {
    const link = links.nth(i);
    await link.focus();
    const href = (await link.getAttribute('href')) ?? '';
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(link).toHaveAttribute('aria-current', 'page');
    // The module's view takes the focus, so the next Tab is inside it.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('group', { name: 'Settings' }).locator(':focus')).toHaveCount(1);
  }

  // Anti-MP3 from the keyboard: its link, Enter, Tab to its switch, Space.
  await nav.getByRole('link', { name: /^Anti-MP3/ }).focus();
  await page.keyboard.press('Enter');
  const card = page.getByRole('region', { name: 'Anti-MP3', exact: true });
  const toggle = card.getByRole('switch');
  for (let i = 0; i < 5 && !(await toggle.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  const before = await toggle.getAttribute('aria-checked');
  await page.keyboard.press('Space');
  await expect(card.getByText('Saved ✓')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', before === 'true' ? 'false' : 'true');
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', before ?? 'false');
  await expect(page.getByText('Saving…')).toHaveCount(0);

  // A switch that needs a field, from the keyboard: Space takes the focus to the field.
  await nav.getByRole('link', { name: /^Starboard/ }).focus();
  await page.keyboard.press('Enter');
  const starboard = page.getByRole('region', { name: 'Starboard', exact: true });
  for (let i = 0; i < 5 && !(await starboard.getByRole('switch').evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(starboard.getByRole('combobox', { name: 'Starboard channel' })).toBeFocused();
});
