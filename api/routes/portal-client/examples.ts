import type { PortalSession } from '../../../shared/contracts/portal-client';

/** Example of a portal session for the OpenAPI document. */
export const SESSION_EXAMPLE: PortalSession = {
  client: {
    id: '0b7d6c5a-4e3f-4a2b-9c1d-8e7f6a5b4c3d',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    portalId: '6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b',
    language: 'en',
    hasPassword: false,
  },
  token: 'k7w3q2m9x4v8b6n1c5z0p2r7t4y9h3j6.a2b4c6d8e0f2g4h6i8j0k2l4m6n8o0p2',
  expiresAt: '2026-11-28T10:00:00.000Z',
  createdAt: '2026-11-21T10:00:00.000Z',
};
