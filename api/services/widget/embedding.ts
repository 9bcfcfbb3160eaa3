import type { WidgetEmbedding } from '../../../shared/contracts/widget';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import { allowedOriginsOf } from '../portal-client/branding';

/**
 * Whether a website may show a portal in the widget, as the widget's runtime asks before it frames it:
 * exactly the origins the portal's `frame-ancestors` names (`allowedOriginsOf`), so the runtime's answer
 * and the browser's never differ. Public like the branding: the list itself is not returned, only
 * whether `origin` is on it.
 * @throws `not_found` for an unknown portal
 */
export async function widgetEmbedding(sql: Sql, portalId: string, origin: string): Promise<WidgetEmbedding> {
  const origins = await allowedOriginsOf(sql, portalId);
  const [row] = await sql<{ portal_name: string; primary_color: string }[]>`
    SELECT portal_name, primary_color FROM client_portals WHERE id = ${portalId}`;
  if (!origins || !row) throw new ApiError('not_found');
  return {
    allowed: origins.includes(origin),
    portalName: row.portal_name,
    primaryColor: row.primary_color,
  };
}
