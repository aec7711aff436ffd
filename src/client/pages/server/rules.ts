/**
 * The settings page's rules that read the settings registry (RouteRules): the Worker loads this module before it
 * answers, the page imports it, and the route table never does.
 */
import { isSnowflake } from '../../../shared/discord-ids';
import { canonicalModuleSlug, sectionOfSlug, serverSettingsTitle } from '../../../shared/settings/paths';
import type { ServerSettingsResponse } from '../../../shared/settings/index';
import type { Params } from '../../page-route';

/** Not a Discord id, or a module the bot does not have: no page, for anyone. */
export const notFound = ({ serverId = '', module }: Params): boolean => !isSnowflake(serverId) || (module !== undefined && sectionOfSlug(module) === null);

export const canonicalParams = { module: canonicalModuleSlug };

/** Only the settings name the server: a visitor who may not open it (a 403's data) keeps the generic title. */
export function titleFrom({ module }: Params, { settings }: { settings?: ServerSettingsResponse | undefined }): string | null {
  return settings ? serverSettingsTitle(settings.name, module === undefined ? null : sectionOfSlug(module)) : null;
}
