import { apiBlob } from '../../../lib/api.ts';
import { saveBlob } from '../../../lib/download.ts';

/** GET /api/admin/users/export.csv with the list's search, saved as users.csv. */
export async function exportUsersCsv(search: string): Promise<void> {
  saveBlob(await apiBlob('/api/admin/users/export.csv', { query: { search } }), 'users.csv');
}
