import { readFile } from 'node:fs/promises';
import { expect, test } from './helpers/fixtures';
import { gotoHydrated, loginAs } from './helpers/page-actions';

// Demo data (dev/fake-discord/data.ts): Demo Owner owns Kenji Lounge and manages Glaive Studio; #lobby is Glaive's.
const KENJI = '300000000000000001';
const GLAIVE_LOBBY = '500000000000002008';

test.describe.configure({ mode: 'serial' });

test('Export downloads the settings document; Import previews the changes and what is left out, then applies', async ({ page }) => {
  await loginAs(page, 'Demo Owner');
  await gotoHydrated(page, `/server/${KENJI}`);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('kenji-lounge-settings.json');
  const exported = JSON.parse(await readFile(await saved.path(), 'utf8')) as { format: string; version: number; source: { serverID: string } };
  expect(exported).toMatchObject({ format: 'servermanager.settings', version: 1, source: { serverID: KENJI } });

  const antiMp3State = page.getByRole('region', { name: 'Modules' }).getByRole('switch', { name: 'Anti-MP3 module' });
  await expect(antiMp3State).toHaveAttribute('aria-checked', 'false');
  const document = { ...exported, settings: { antimp3: { enabled: true }, logs: { channelID: GLAIVE_LOBBY } } };
  await page
    .getByLabel('Settings file to import')
    .setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(document)) });
  const preview = page.getByRole('dialog', { name: 'Import backup.json' });
  await expect(preview.getByRole('list', { name: 'Changes' })).toContainText('Anti-MP3 › Enabled from off → to on');
  await expect(preview.getByRole('list', { name: 'Left out' })).toContainText(`Channel ${GLAIVE_LOBBY} does not exist in this server`);
  await preview.getByRole('button', { name: 'Apply 1 change' }).click();
  await expect(page.getByText('1 setting imported')).toBeVisible();
  await expect(antiMp3State).toHaveAttribute('aria-checked', 'true');

  // Back as it was, for the other specs.
  await page.getByRole('link', { name: 'Anti-MP3', exact: true }).click();
  const antiMp3 = page.getByRole('region', { name: 'Anti-MP3', exact: true }).getByRole('switch');
  await expect(antiMp3).toHaveAttribute('aria-checked', 'true');
  await antiMp3.click();
  await expect(antiMp3).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Saving…')).toHaveCount(0);
});

test('a file that is not an export is refused with a clear message and nothing opens', async ({ page }) => {
  await loginAs(page, 'Demo Owner');
  await gotoHydrated(page, `/server/${KENJI}`);
  await page
    .getByLabel('Settings file to import')
    .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"mee6"}') });
  await expect(page.getByText(/^document\.format/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Copy settings from another server shows the same preview', async ({ page }) => {
  await loginAs(page, 'Demo Owner');
  await gotoHydrated(page, `/server/${KENJI}`);
  await page.getByRole('button', { name: 'Copy settings from…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy settings from…' });
  await expect(dialog.getByRole('button', { name: 'Show changes' })).toBeDisabled();
  await dialog.getByLabel('Server').selectOption({ label: 'Glaive Studio' });
  await dialog.getByRole('button', { name: 'Show changes' }).click();
  const preview = page.getByRole('dialog', { name: 'Copy settings from Glaive Studio' });
  await expect(preview).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
