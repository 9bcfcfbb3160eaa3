// Loaded lazily through `auth-forms-lazy.ts`; never import this module statically from a page.
export {
  ForgotPasswordInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
  VerifyEmailInput,
} from '../../../shared/contracts/auth';
export { WaitlistInput } from '../../../shared/contracts/waitlist';
export { authApi } from '../../auth/auth-api';
export { validateForm } from '../../lib/form-errors';
