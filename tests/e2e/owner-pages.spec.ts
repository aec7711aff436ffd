import { expect, test } from './helpers/fixtures';
import { gotoHydrated, loginAs } from './helpers/page-actions';

const KENJI = '300000000000000001';
const PHONE = { width: 390, height: 844 };

test.describe('on a phone, 390 × 844', () => {
  test.use({ viewport: PHONE });

  test("a module's first setting is above the fold, on every module's page", async ({ page }) => {
    await loginAs(page, 'Demo Owner');
    // Every module's page, as the module navigation links them.
    await gotoHydrated(page, `/server/${KENJI}`);
    const links = page.getByRole('navigation', { name: 'Server settings', includeHidden: true }).getByRole('link', { includeHidden: true });
    const modules = (await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''))).filter((href) => href !== `/server/${KENJI}`);
    expect(modules.length).toBeGreaterThanOrEqual(10);
    for (const path of modules) {
      await gotoHydrated(page, path);
      const first = page.getByRole('group', { name: 'Settings' }).locator('[role=switch], select, input, textarea').first();
      const box = await first.boundingBox();
      expect(box, path).not.toBeNull();
      expect((box?.y ?? PHONE.height) + (box?.height ?? 0), path).toBeLessThanOrEqual(PHONE.height);
    }
  });

  test('the account name is not cut', async ({ page }) => {
    await loginAs(page, 'Demo Owner');
    const name = page.getByRole('button', { name: 'Demo Owner' }).locator('span').first();
    await expect(name).toHaveText('Demo Owner');
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    // The mark stays, and still says where it leads.
    await expect(page.getByRole('link', { name: 'ServerManager home: your servers' })).toBeVisible();
  });

  test('the command chips wrap rather than run off the screen', async ({ page }) => {
    await gotoHydrated(page, '/commands');
    const chips = page.getByRole('group', { name: 'Category' });
    expect(await chips.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    for (const chip of await chips.getByRole('button').all()) {
      const box = await chip.boundingBox();
      expect((box?.x ?? PHONE.width) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
  });
});

test('an opened command card does not stretch its row neighbours', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, '/commands');
  const cards = page.locator('.command-list > li');
  const before = await cards.nth(1).boundingBox();
  await cards.nth(0).getByRole('button').click();
  await expect(cards.nth(0).getByText('Syntax')).toBeVisible();
  const opened = await cards.nth(0).boundingBox();
  const after = await cards.nth(1).boundingBox();
  expect(opened?.height ?? 0).toBeGreaterThan(before?.height ?? 0);
  expect(after?.y).toBe(before?.y);
  expect(after?.height).toBe(before?.height);
});

test('signing out says so', async ({ page }) => {
  await loginAs(page, 'Demo Owner');
  await page.getByRole('button', { name: 'Demo Owner' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out', exact: true }).click();
  await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
});
