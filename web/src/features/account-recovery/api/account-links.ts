import {
  type ForgotPasswordBody,
  messageResponseSchema,
  type ResetPasswordBody,
  type VerifyEmailBody,
} from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/forgot-password: the same answer whether or not an account matches. */
export function forgotPassword(body: ForgotPasswordBody) {
  return api('/api/auth/forgot-password', messageResponseSchema, { method: 'POST', body });
}
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

/** POST /api/auth/reset-password with the emailed link's token. */
export function resetPassword(body: ResetPasswordBody) {
  return api('/api/auth/reset-password', messageResponseSchema, { method: 'POST', body });
}
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/** POST /api/auth/verify-email with the emailed link's token. */
export function verifyEmail(body: VerifyEmailBody) {
  return api('/api/auth/verify-email', messageResponseSchema, { method: 'POST', body });
}
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });

/** POST /api/auth/resend-verification: the link again, to the signed-in user's address. */
export function resendVerification() {
  return api('/api/auth/resend-verification', messageResponseSchema, { method: 'POST', body: {} });
}
export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
