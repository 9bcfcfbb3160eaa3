import { PortalDeleted, PortalIdParam } from '../../../shared/contracts/portals';
import { errorResponses } from '../../http/openapi';
import { forgetPortalDomains } from '../../services/domains/domain-cache';
import { deletePortal } from '../../services/portals/manage-portals';
import { cleanUpAfterCommit, deletePortalFiles } from '../../storage/provider-files';
import { providerOperation } from '../operation';

/** DELETE /api/portals/{portalId} */
export const registerDeletePortal = providerOperation(
  {
    method: 'delete',
    path: '/api/portals/{portalId}',
    operationId: 'deletePortal',
    tags: ['Portals'],
    summary: 'Delete a portal',
    description:
      'Deletes the portal with its clients and their projects and invoices, its logo and its custom domain; the response counts what was deleted. Another provider’s portal answers 404.',
    request: { params: PortalIdParam },
    responses: {
      200: { description: 'What was deleted', content: { 'application/json': { schema: PortalDeleted } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => {
    const { sql, store, jobs } = c.get('deps');
    const { portalId } = c.req.valid('param');
    const { providerId } = scope;
    const { deleted, logoPath } = await deletePortal({ sql, jobs }, scope, portalId);
    // Its logo and whatever else is stored under the portal's prefix; a storage failure is logged, not
    // answered (the portal is gone either way).
    const keys = logoPath ? [logoPath] : [];
    await cleanUpAfterCommit(c.get('log'), { deletePortalFiles: { providerId, portalId, keys } }, () =>
      deletePortalFiles(store, providerId, portalId, keys),
    );
    forgetPortalDomains(sql);
    return c.json({ ok: true as const, deleted }, 200);
  },
);
