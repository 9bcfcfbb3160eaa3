import { SignUpInput, SignUpResponse } from '../../../shared/contracts/auth';
import { assertPasswordNotCommon } from '../../auth/common-passwords';
import { errorResponses } from '../../http/openapi';
import { enforceAddressLimits, SIGN_UP_LIMITS } from '../../http/rate-limit';
import { signUp } from '../../services/auth/sign-up';
import { publicOperation } from '../operation';

/** POST /api/auth/sign-up */
export const registerSignUp = publicOperation(
  {
    method: 'post',
    path: '/api/auth/sign-up',
    operationId: 'signUp',
    tags: ['Auth'],
    summary: 'Create a provider account',
    description:
      'Creates an unverified account with its profile (the name defaults to the e-mail when empty) and e-mails a verification link valid for 24 hours, in the chosen or request language. No session yet: verifying the e-mail signs the user in. An address that is registered but not verified yet is signed up afresh: the new password, name and language replace the pending ones, older links stop working and a new one is mailed (the answer is the same as for a new address). 409 `email_taken` only for a verified account. The password needs at least 6 characters (spec §5) and must not be one of the 10,000 most common (422 `validation.passwordTooCommon`). 409 `email_taken` tells a registered address, so sign-ups are limited per source: 5 per hour for one e-mail and 10 for any e-mails; and 20 per hour for one e-mail from everywhere together.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: SignUpInput,
            example: {
              fullName: 'Ada Lovelace',
              email: 'ada@example.com',
              password: 'correct horse battery',
              confirmPassword: 'correct horse battery',
              language: 'en',
            },
          },
        },
      },
    },
    responses: {
      201: {
        description: 'Account created; verification e-mail sent',
        content: { 'application/json': { schema: SignUpResponse } },
      },
      ...errorResponses(403, 409, 415, 422, 429),
    },
  },
  async (c) => {
    const input = c.req.valid('json');
    await enforceAddressLimits(c, SIGN_UP_LIMITS, input.email);
    assertPasswordNotCommon(input.password, 'password');
    await signUp(c.get('deps'), input, c.get('lang'));
    return c.json({ email: input.email, verificationSent: true as const }, 201);
  },
);
