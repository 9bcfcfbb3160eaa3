/** Public paths of the host and portal (spec §2), in one place so links and guards agree. */
export const ROUTES = {
  home: '/',
  auth: '/auth',
  signUp: '/auth?mode=signup',
  verifyEmail: '/auth/verify',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  signupSuccess: '/signup-success',
  waitlist: '/waitlist',
  privacy: '/privacy',
  terms: '/terms',
  dashboard: '/dashboard',
  portal: '/portal',
} as const;
