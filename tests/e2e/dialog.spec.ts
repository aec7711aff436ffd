import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './helpers/fixtures';
import { loginAs } from './helpers/page-actions';

// An ID of the right shape that no demo server has (dev/fake-discord/data.ts): the Worker refuses it, changing nothing.
const UNKNOWN_SERVER = '399999999999999999';

async function openManage(page: Page) {
  const opener = page.getByRole('button', { name: 'Manage Whitelist' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Manage Whitelist' });
  await expect(dialog).toBeVisible();
  return { opener, dialog };
}

test('the dialog is a native modal: the page behind is inert, Escape closes it and focus returns to its opener', async ({ page }) => {
  await loginAs(page, 'Demo Owner');
  const { opener, dialog } = await openManage(page);
  expect(await dialog.evaluate((el) => el instanceof HTMLDialogElement && el.matches(':modal'))).toBe(true);
  // Inert behind it: its opener takes no focus, even from a script.
  expect(await opener.evaluate((el) => (el.focus(), document.activeElement === el))).toBe(false);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await openManage(page);
  // A click beside the panel lands on the backdrop.
  await page.mouse.click(5, 5);
  await expect(dialog).toHaveCount(0);
});

test('a toast raised while a dialog is open shows above it and its button works; axe finds nothing serious', async ({ page }) => {
  // axe's scans are CPU-bound: three times the timeout, so a machine busy with other work does not fail them.
  test.slow();
  await loginAs(page, 'Demo Owner');
  const { dialog } = await openManage(page);
  await dialog.getByRole('radio', { name: 'Enter a server ID' }).check();
  await dialog.getByRole('textbox', { name: 'Server ID' }).fill(UNKNOWN_SERVER);
  await dialog.getByRole('button', { name: 'Add Server' }).click();

  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toBeVisible();
  // A hovered toast stays (sonner pauses its timer): the checks below, axe's scan above all, can outlast its
  // duration on a machine busy with other work. The pointer stays on it until its close button is clicked.
  await toast.hover();
  // Inside the dialog, so neither behind it in the top layer nor inert.
  expect(await toast.evaluate((el) => el.closest('dialog[open]') !== null)).toBe(true);
  const box = await toast.boundingBox();
  if (!box) throw new Error('the toast has no box');
  expect(
    await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-sonner-toast]') !== null, {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    }),
  ).toBe(true);

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await toast.getByRole('button', { name: 'Close toast' }).click();
  await expect(toast).toHaveCount(0);
  await expect(dialog).toBeVisible();

  // Back on the page once the dialog closes: the next toast shows there.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await page.locator('[data-toast-host]').evaluate((host) => host.parentElement === document.body)).toBe(true);
});
