import { useId, useState } from 'react';
import { toast } from '../../ui/toast';
import { TOAST_SUCCESS_MS } from '../../../shared/constants';
import { GRANT_LEVELS, type GrantLevel } from '../../../shared/server-access';
import type { ServerSettingsResponse, SettingsRole } from '../../../shared/settings/index';
import { api, answerOf } from '../../api-client';
import { apiKeys } from '../../../shared/api-keys';
import { useApi } from '../../hooks/useApi';
import { smallButtonClass } from '../../ui/dense-buttons';
import { buttonClass } from '../../ui/buttons';
import { fieldClass } from '../../ui/fields';
import { roleColour } from './ReferenceSelects';

const LEVEL_NAMES: Record<GrantLevel, string> = { read: 'Read only', write: 'Read and change settings' };

const select = fieldClass.regular;

function LevelOptions() {
  return (
    <>
      {GRANT_LEVELS.map((level) => (
        <option key={level} value={level}>
          {LEVEL_NAMES[level]}
        </option>
      ))}
    </>
  );
}

const isGrantLevel = (value: string): value is GrantLevel => (GRANT_LEVELS as readonly string[]).includes(value);

/** Beyond the spec (issue 14): which roles may open this dashboard, for those who manage the server. Loaded when opened. */
export function AccessPanel({ serverId, settings }: { serverId: string; settings: ServerSettingsResponse }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="mt-8 rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer text-lg font-semibold focus-visible:outline-2 focus-visible:outline-indigo-500">Access</summary>
      {open && <Grants serverId={serverId} settings={settings} />}
    </details>
  );
}

function RoleName({ role, id }: { role: SettingsRole | undefined; id: string }) {
  const colour = role ? roleColour(role.color) : null;
  return (
    <span className="flex min-w-0 flex-1 items-center gap-2 font-medium">
      <span
        aria-hidden="true"
        className={`h-3 w-3 shrink-0 rounded-full border ${colour ? 'border-transparent' : 'border-gray-400 dark:border-gray-600'}`}
        style={colour ? { backgroundColor: colour } : undefined}
      />
      <span className="truncate">{role ? `@${role.name}` : `Deleted role (${id})`}</span>
    </span>
  );
}

function Grants({ serverId, settings }: { serverId: string; settings: ServerSettingsResponse }) {
  const { data, error, mutate } = useApi(apiKeys.serverAccess(serverId));
  const [busy, setBusy] = useState(false);
  const [roleID, setRoleID] = useState('');
  const [level, setLevel] = useState<GrantLevel>('read');
  const ids = { role: useId(), level: useId() };

  // @everyone cannot be granted (the Worker refuses it too): every member would get in.
  const roles = settings.roles.filter((role) => role.id !== settings.id).sort((a, b) => b.position - a.position);
  const roleOf = (id: string) => roles.find((role) => role.id === id);
  const name = (id: string) => {
    const role = roleOf(id);
    return role ? `@${role.name}` : `role ${id}`;
  };
  const grants = data?.grants ?? [];
  const ungranted = roles.filter((role) => !grants.some((grant) => grant.roleID === role.id));

  const update = async (target: string, next: GrantLevel | null, done: string) => {
    setBusy(true);
    try {
      const answer = await answerOf(api['update-server-access'].$post({ json: { serverID: serverId, roleID: target, level: next } }));
      await mutate(answer, { revalidate: false });
      toast.success(done, { duration: TOAST_SUCCESS_MS });
      return true;
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not change access.');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    if (!roleID) return;
    if (await update(roleID, level, `${name(roleID)} can now ${level === 'read' ? 'view' : 'change'} these settings`)) setRoleID('');
  };

  return (
    <div className="mt-3 text-sm">
      <p className="text-gray-600 dark:text-gray-400">
        Members with these roles can open this server&apos;s dashboard. <strong>Read only</strong>: they see the settings and recent changes.{' '}
        <strong>Read and change settings</strong>: they can also change, revert and import settings. Only the owner and members with Manage Server or
        Administrator change access and the license.
      </p>
      {error && (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-300">
          {`Could not load access: ${error.message}`}
        </p>
      )}
      {!error && !data && (
        <p role="status" className="mt-3 text-gray-600 dark:text-gray-400">
          Loading access…
        </p>
      )}
      {data && grants.length === 0 && <p className="mt-3 text-gray-600 dark:text-gray-400">No role has access yet.</p>}
      {grants.length > 0 && (
        <ul aria-label="Roles with access" className="mt-3 divide-y divide-gray-100 dark:divide-gray-800">
          {grants.map((grant) => (
            <li key={grant.roleID} className="flex flex-wrap items-center gap-3 py-2">
              <RoleName role={roleOf(grant.roleID)} id={grant.roleID} />
              <select
                aria-label={`Access of ${name(grant.roleID)}`}
                className={select}
                value={grant.level}
                disabled={busy}
                onChange={(event) => {
                  const next = event.target.value;
                  if (isGrantLevel(next)) void update(grant.roleID, next, `${name(grant.roleID)}: ${LEVEL_NAMES[next].toLowerCase()}`);
                }}
              >
                <LevelOptions />
              </select>
              <button
                type="button"
                className={smallButtonClass}
                disabled={busy}
                aria-label={`Remove access of ${name(grant.roleID)}`}
                onClick={() => void update(grant.roleID, null, `${name(grant.roleID)} no longer has access`)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && (
        <form
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <label htmlFor={ids.role} className="flex flex-col font-medium">
            Role
            <select id={ids.role} className={`${select} mt-1`} value={roleID} onChange={(event) => setRoleID(event.target.value)}>
              <option value="">Choose a role</option>
              {ungranted.map((role) => (
                <option key={role.id} value={role.id}>
                  {`@${role.name}`}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={ids.level} className="flex flex-col font-medium">
            Level
            <select
              id={ids.level}
              className={`${select} mt-1`}
              value={level}
              onChange={(event) => {
                const next = event.target.value;
                if (isGrantLevel(next)) setLevel(next);
              }}
            >
              <LevelOptions />
            </select>
          </label>
          <button type="submit" className={buttonClass.primary} disabled={busy || !roleID}>
            Grant access
          </button>
        </form>
      )}
    </div>
  );
}
