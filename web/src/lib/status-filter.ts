import { WALLET_REQUEST_STATUSES, type WalletRequestStatus } from '@app/shared';

/** A list of top-ups or withdrawals filtered by status, or not at all. */
export type StatusFilter = WalletRequestStatus | 'all';
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', ...WALLET_REQUEST_STATUSES];

/**
 * Whose words name the statuses: the admin screens' (`adminWallet.status.*`) or the user's
 * (`wallet.status.*`); French and German word them differently.
 */
export type StatusWords = 'adminWallet' | 'wallet';

export function isStatusFilter(value: unknown): value is StatusFilter {
  return (STATUS_FILTERS as readonly unknown[]).includes(value);
}

/** A filter read from the URL; anything else is `fallback`. */
export function parseStatusFilter(value: string | null, fallback: StatusFilter): StatusFilter {
  return isStatusFilter(value) ? value : fallback;
}
