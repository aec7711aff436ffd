import { useState } from 'react';
import type { AdminServerCheckResponse } from '../../../shared/api-types';
import { apiGets } from '../../../shared/api-actions';
import { getJson } from '../../api';
import { Modal, modalButton } from '../Modal';

interface Pending {
  serverID: string;
  resolve: (proceed: boolean) => void;
}

/**
 * Before an admin licenses a server, ask Discord whether the bot is in it; if it is not, a second
 * confirmation. When Discord cannot tell, the admin is not stopped.
 */
export function useBotServerConfirm() {
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = async (serverID: string): Promise<boolean> => {
    const check = await getJson<AdminServerCheckResponse>(apiGets.adminServerCheck(serverID)).catch(() => null);
    if (check?.botInServer !== false) return true;
    return new Promise<boolean>((resolve) => setPending({ serverID, resolve }));
  };

  const answer = (proceed: boolean) => {
    pending?.resolve(proceed);
    setPending(null);
  };

  const dialog = (
    <Modal
      open={pending !== null}
      onClose={() => answer(false)}
      size="sm"
      title="The bot is not in this server"
      description={`Server ID ${pending?.serverID ?? ''} is not one of the bot's servers. The license only does something once the bot is added there.`}
      footer={
        <>
          <button type="button" className={modalButton.secondary} onClick={() => answer(false)}>
            Cancel
          </button>
          <button type="button" className={modalButton.primary} onClick={() => answer(true)}>
            License it anyway
          </button>
        </>
      }
    />
  );

  return { confirm, dialog };
}
