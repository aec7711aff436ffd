/** `/admin`'s first paint: every licence, for an administrator only. */
import { adminRoute } from '../../client/pages/admin/route';
import { isAdminId } from '../auth/guards';
import { listAllLicences } from '../services/admin-licences';
import { pageLoader } from './page-loader';

export const adminLoader = pageLoader(adminRoute, {
  load: async ({ env, session }) => (session && isAdminId(env, session.user.id) ? { all: await listAllLicences(env) } : undefined),
});
