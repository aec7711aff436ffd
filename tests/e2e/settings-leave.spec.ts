import { expect, test } from './helpers/fixtures';
import { gotoHydrated, loginAs, watchConsole } from './helpers/page-actions';

// Demo Owner has Manage Server in Glaive Studio; no other spec saves its welcome message. A message text is saved
// when its field is left, not while typing, so only the save as the page goes can store it here.
const GLAIVE_WELCOME = '/server/300000000000000002/welcome-message';
const TYPED = 'Hello {user.mention}, kept without a blur';

test('text typed and left by an in-app link, the field never blurred, is saved as the page goes and shown on return', async ({ page }) => {
  const problems = watchConsole(page);
  await loginAs(page, 'Demo Owner');
  await gotoHydrated(page, GLAIVE_WELCOME);
  const message = page.getByRole('textbox', { name: 'Message', exact: true });
  await message.fill(TYPED);
  await expect(message).toBeFocused();
  // A mark on this document: still there after the move, so the move was the app's, not a page load.
  await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/update-server-settings') && res.request().method() === 'POST');
  // A click event alone moves no focus: the field is taken away by the navigation, not by a blur.
  await page.getByRole('link', { name: 'Dashboard' }).first().dispatchEvent('click');
  await page.waitForURL('**/servers');
  await expect(page.locator('html[data-same-document]')).toHaveCount(1);
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toMatchObject({ section: 'welcomemessage', key: 'message', value: TYPED });

  await gotoHydrated(page, GLAIVE_WELCOME);
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue(TYPED);
  expect(problems).toEqual([]);
});
