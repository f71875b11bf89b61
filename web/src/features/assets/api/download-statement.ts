import type { StatementFormat } from '@app/shared';
import { apiBlob } from '../../../lib/api.ts';
import { saveBlob } from '../../../lib/download.ts';

export type StatementRequest = { from: string; to: string; format: StatementFormat };

/** GET /api/user/me/statement: the caller's statement of the period, saved as a file. */
export async function downloadStatement({ from, to, format }: StatementRequest): Promise<void> {
  const blob = await apiBlob('/api/user/me/statement', { query: { from, to, format } });
  saveBlob(blob, `statement-${from}-to-${to}.${format}`);
}
