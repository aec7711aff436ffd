import { getJson } from '../../api';
import { apiKeys } from '../../../shared/api-keys';
import type { useConfirmDialog } from './useConfirmDialog';

/**
 * Before an admin licenses a server, asks Discord whether the bot is in it; if it is not, a second
 * confirmation. When Discord cannot tell, the admin is not stopped.
 */
export function botServerCheck(confirm: ReturnType<typeof useConfirmDialog>['confirm']) {
  return async (serverID: string): Promise<boolean> => {
    const check = await getJson(apiKeys.adminServerCheck(serverID)).catch(() => null);
    if (check?.botInServer !== false) return true;
    return confirm({
      title: 'The bot is not in this server',
      description: `Server ID ${serverID} is not one of the bot's servers. The license only does something once the bot is added there.`,
      confirmLabel: 'License it anyway',
    });
  };
}
