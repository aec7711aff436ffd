import { useId, useRef, useState, type ChangeEvent } from 'react';
import { toast } from '../../ui/toast';
import { useSWRConfig } from 'swr';
import { apiKeys } from '../../../shared/api-keys';
import { mayChange } from '../../../shared/server-access';
import type { ServerSettingsResponse } from '../../../shared/settings/index';
import type { SettingsDocument, SettingsImportResponse } from '../../../shared/settings/transfer';
import { TOAST_SUCCESS_MS } from '../../../shared/constants';
import { getJson } from '../../api';
import { conflictOf } from '../../api-refusal';
import { api, answerOf } from '../../api-client';
import { useApi } from '../../hooks/useApi';
import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';
import { compactButtonClass } from '../../ui/dense-buttons';
import { fieldClass } from '../../ui/fields';
import { memberIdsOf } from './change-text';
import { auditPagesOf, describeSettingValue, settingName } from './RecentChanges';
import { loadSettingsChecks } from './settings-checks';
import { useStoredMembers } from './useStoredMembers';
import { firstUse } from '../../../shared/first-use';

const toolButton = compactButtonClass.secondary;

/** What the preview is of: an uploaded file or another server's settings. */
interface Pending {
  title: string;
  document: SettingsDocument;
  preview: SettingsImportResponse;
  /** The settings changed after the first preview: `preview` is the new one, and applying it is 'Import anyway'. */
  changedSince?: { by: string | null; at: number | null };
}

/** An import's 409 carries the new dry run. */
const isPreview = (value: unknown): value is SettingsImportResponse =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as SettingsImportResponse).changes) &&
  Array.isArray((value as SettingsImportResponse).skipped);

const when = firstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

/** Export, Import (file → dry-run diff → Apply) and 'Copy settings from…' another server the user manages. */
export function SettingsTransfer({ serverId, settings }: { serverId: string; settings: ServerSettingsResponse }) {
  const { mutate } = useSWRConfig();
  const file = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [copyOpen, setCopyOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // A reader may export; importing and copying change settings, so they are not offered.
  const readOnly = !mayChange(settings);

  const preview = async (title: string, document: SettingsDocument) => {
    setBusy(true);
    try {
      // The preview describes values through the registry's checks.
      const [result] = await Promise.all([
        answerOf(api['server-settings'].import.$post({ json: { serverID: serverId, document, dryRun: true } })),
        loadSettingsChecks(),
      ]);
      setCopyOpen(false);
      setPending({ title, document, preview: result });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not read these settings.');
    } finally {
      setBusy(false);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    let document: SettingsDocument;
    try {
      document = JSON.parse(await chosen.text()) as SettingsDocument;
    } catch {
      toast.error(`${chosen.name} is not a settings export (it is not JSON).`);
      return;
    }
    await preview(`Import ${chosen.name}`, document);
  };

  const apply = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      // The preview's fingerprint: the Worker refuses the apply when what it would overwrite changed since.
      const body = { serverID: serverId, document: pending.document, dryRun: false, expected: pending.preview.fingerprint };
      const result = await answerOf(api['server-settings'].import.$post({ json: body }));
      setPending(null);
      await mutate(apiKeys.serverSettings(serverId));
      void mutate(auditPagesOf(serverId));
      const count = result.changes.length;
      toast.success(count === 0 ? 'Nothing to change' : `${count} ${count === 1 ? 'setting' : 'settings'} imported`, { duration: TOAST_SUCCESS_MS });
    } catch (error) {
      const conflict = conflictOf(error);
      if (conflict && isPreview(conflict.current)) {
        setPending({ ...pending, preview: conflict.current, changedSince: { by: conflict.changedBy, at: conflict.changedAt } });
        void mutate(apiKeys.serverSettings(serverId));
      } else toast.error(error instanceof Error ? error.message : 'Could not import these settings.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Backup and copy">
      <a href={apiKeys.exportSettings(serverId)} download className={toolButton}>
        Export
      </a>
      {!readOnly && (
        <>
          <button type="button" className={toolButton} onClick={() => file.current?.click()} disabled={busy}>
            Import…
          </button>
          <input
            ref={file}
            type="file"
            accept="application/json,.json"
            className="hidden"
            aria-label="Settings file to import"
            onChange={(e) => void onFile(e)}
          />
          <button type="button" className={toolButton} onClick={() => setCopyOpen(true)} aria-haspopup="dialog" disabled={busy}>
            Copy settings from…
          </button>
        </>
      )}
      {copyOpen && <CopyFromDialog serverId={serverId} busy={busy} onClose={() => setCopyOpen(false)} onPreview={(title, doc) => void preview(title, doc)} />}
      {pending && <ImportPreview pending={pending} settings={settings} busy={busy} onCancel={() => setPending(null)} onApply={() => void apply()} />}
    </div>
  );
}

interface CopyProps {
  serverId: string;
  busy: boolean;
  onClose: () => void;
  onPreview: (title: string, document: SettingsDocument) => void;
}

function CopyFromDialog({ serverId, busy, onClose, onPreview }: CopyProps) {
  const { data: servers } = useApi(apiKeys.allowedServers);
  const others = (servers ?? []).filter((s) => s.id !== serverId);
  const [source, setSource] = useState('');
  const [loading, setLoading] = useState(false);
  const selectId = useId();

  const load = async () => {
    const chosen = others.find((s) => s.id === source);
    if (!chosen) return;
    setLoading(true);
    try {
      onPreview(`Copy settings from ${chosen.name}`, await getJson(apiKeys.exportSettings(chosen.id)));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : `Could not read the settings of ${chosen.name}.`);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title="Copy settings from…"
      description="You will see every change before anything is saved. Roles and channels that only exist in the other server are left out."
      footer={
        <DialogActions
          cancel={{ onClick: onClose }}
          primary={{ label: loading || busy ? 'Comparing…' : 'Show changes', onClick: () => void load(), disabled: !source || loading || busy }}
        />
      }
    >
      {others.length === 0 ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">You manage no other server with the bot.</p>
      ) : (
        <>
          <label htmlFor={selectId} className="block text-sm font-medium">
            Server
          </label>
          <select id={selectId} value={source} onChange={(e) => setSource(e.target.value)} className={`${fieldClass.regular} mt-1 w-full`}>
            <option value="">Choose a server</option>
            {others.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </>
      )}
    </Modal>
  );
}

interface PreviewProps {
  pending: Pending;
  settings: ServerSettingsResponse;
  busy: boolean;
  onCancel: () => void;
  onApply: () => void;
}

const changedSinceSentence = ({ by, at }: NonNullable<Pending['changedSince']>) =>
  `${by ?? 'Someone'} changed these settings${at === null ? '' : ` on ${when().format(at)}`} since this preview. The list now shows what importing would change.`;

/** The dry run's answer: what would change (from → to) and what is left out, then Apply. */
function ImportPreview({ pending, settings, busy, onCancel, onApply }: PreviewProps) {
  const { changes, skipped } = pending.preview;
  const applyLabel = pending.changedSince ? 'Import anyway' : `Apply ${changes.length} ${changes.length === 1 ? 'change' : 'changes'}`;
  const members = useStoredMembers(settings.id, memberIdsOf(changes.map((c) => ({ ...c, values: [c.from, c.to] }))));
  const value = (section: string, key: string, v: unknown) => describeSettingValue(section, key, v, settings, members);
  return (
    <Modal
      open
      onClose={onCancel}
      size="lg"
      title={pending.title}
      description={
        changes.length === 0
          ? 'Nothing would change: this server already has these settings.'
          : `${changes.length} ${changes.length === 1 ? 'setting changes' : 'settings change'}. Nothing is saved until you apply.`
      }
      footer={
        <DialogActions
          cancel={{ onClick: onCancel }}
          primary={{ label: busy ? 'Applying…' : applyLabel, onClick: onApply, disabled: busy || changes.length === 0 }}
        />
      }
    >
      {pending.changedSince && (
        <p
          role="alert"
          className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {changedSinceSentence(pending.changedSince)}
        </p>
      )}
      {changes.length > 0 && (
        <ul aria-label="Changes" className="divide-y divide-gray-100 text-sm dark:divide-gray-800">
          {changes.map((c) => (
            <li key={`${c.section}.${c.key}`} className="py-2">
              <span className="font-medium">{settingName(c.section, c.key)}</span>{' '}
              <span className="block text-gray-700 dark:text-gray-300">
                <span className="sr-only">from </span>
                <span className="text-gray-600 line-through decoration-gray-400 dark:text-gray-400">{value(c.section, c.key, c.from)}</span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only">to </span>
                <span className="font-medium">{value(c.section, c.key, c.to)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {skipped.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-amber-800 dark:text-amber-200">{`Left out (${skipped.length})`}</h3>
          <ul aria-label="Left out" className="mt-1 space-y-1 text-sm text-gray-700 dark:text-gray-300">
            {skipped.map((s) => (
              <li key={`${s.section}.${s.key}`}>
                <span className="font-medium">{s.key === '*' ? s.section : settingName(s.section, s.key)}</span>
                {`: ${s.reason}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
