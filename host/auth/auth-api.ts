import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import type {
  ResetPasswordInput,
  ResetPasswordResponse,
  SessionResponse,
  SignInInput,
  SignUpInput,
  VerificationStatus,
  VerifyEmailInput,
} from '../../shared/contracts/auth';
import type { WaitlistInput } from '../../shared/contracts/waitlist';

/**
 * The host's auth and waitlist calls through the typed client. Each resolves with the data or throws an
 * ApiError (status, code, field errors, Retry-After), which is what TanStack Query and the forms expect.
 */
const call = callApi;

const SIGNED_OUT: SessionResponse = { user: null, session: null };

export const authApi = {
  session: () => call(() => api.GET('/api/auth/session')).then((r) => (r ?? SIGNED_OUT) as SessionResponse),
  refresh: () => call(() => api.POST('/api/auth/refresh')) as Promise<SessionResponse>,
  signIn: (body: SignInInput) =>
    call(() => api.POST('/api/auth/sign-in', { body })) as Promise<SessionResponse>,
  signUp: (body: SignUpInput) =>
    call(() => api.POST('/api/auth/sign-up', { body })) as Promise<{ email: string; verificationSent: true }>,
  signOut: () => call(() => api.POST('/api/auth/sign-out')),
  verificationStatus: (token: string) =>
    call(() => api.POST('/api/auth/verify-email/status', { body: { token } })) as Promise<VerificationStatus>,
  verifyEmail: (body: VerifyEmailInput) =>
    call(() => api.POST('/api/auth/verify-email', { body })) as Promise<SessionResponse>,
  forgotPassword: (email: string) => call(() => api.POST('/api/auth/forgot-password', { body: { email } })),
  resetPassword: (body: ResetPasswordInput) =>
    call(() => api.POST('/api/auth/reset-password', { body })) as Promise<ResetPasswordResponse>,
  resendVerification: (email: string) =>
    call(() => api.POST('/api/auth/resend-verification', { body: { email } })),
  joinWaitlist: (body: WaitlistInput) =>
    call(() => api.POST('/api/waitlist', { body })) as Promise<{ joined: true; alreadyOnList: boolean }>,
};

export { SIGNED_OUT };
