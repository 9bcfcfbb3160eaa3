import { readResponse } from '../../../shared/api/call';
import { takePrefetched } from '../signed-in-prefetch';
import { store } from './data-store';
import { portalKeys } from './portal-data';

const RESOURCE = /^\/api\/portal\/([0-9a-f-]{36})\/(dashboard|projects|invoices)$/;

/**
 * Puts the data the start-up script (`boot.ts`) prefetched into the query cache, before the first render: the page then
 * renders its content in one pass. A failed prefetch is dropped; the page's query fetches again and
 * handles the failure (a 401 signs out) as usual.
 */
export async function seedPrefetched(): Promise<void> {
  await Promise.all(
    takePrefetched().map(async ([path, response]) => {
      const match = RESOURCE.exec(path);
      if (!match) return;
      const [, portalId = '', resource = 'dashboard'] = match;
      const data = await readResponse(response, '').catch(() => undefined);
      if (data !== undefined) {
        store.setData(portalKeys[resource as 'dashboard'](portalId), data);
      }
    }),
  );
}
