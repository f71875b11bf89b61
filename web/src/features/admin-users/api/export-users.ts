import { apiBlob } from '../../../lib/api.ts';

/**
 * GET /api/admin/users/export.csv with the list's search, saved as users.csv. The request goes
 * through the API client (it carries the token, which a plain link could not).
 */
export async function exportUsersCsv(search: string): Promise<void> {
  const blob = await apiBlob('/api/admin/users/export.csv', { query: { search } });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = 'users.csv';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
