import { z } from 'zod';
import { ROLES } from '../constants.ts';

/** The user as the API returns it. Money in rupees with 2 decimals. */
export const publicUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  country: z.string(),
  role: z.enum(ROLES),
  isAdmin: z.boolean(),
  /** Real money, rupees. */
  balance: z.number(),
  /** Practice money, rupees (opens with and resets to Rs 1,00,000; never mixes with real money). */
  practiceBalance: z.number(),
  freezAmount: z.number(),
  freezReason: z.string().nullable(),
  reputationPoints: z.number().int(),
  hasReferral: z.boolean(),
  referralCode: z.string().nullable(),
  accountHolderName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  ifscCode: z.string().nullable(),
  banned: z.boolean(),
  /** Whether the current address was confirmed through its mailed link, and when. */
  emailVerified: z.boolean(),
  emailVerifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: publicUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const meResponseSchema = z.object({ user: publicUserSchema });
export const visitResponseSchema = z.object({ awarded: z.boolean(), reputationPoints: z.number().int() });
export type VisitResponse = z.infer<typeof visitResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export const errorResponseSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  /** Set on refusals a client acts on, e.g. `disclosure_required` (shared `REFUSAL_CODES`). */
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Admin users can act on a user only when their role allows it. */
export function isAdminRole(role: string | null | undefined): boolean {
  return role === 'admin' || role === 'superadmin';
}
