import { createContext, useContext } from 'react';
import type { PortalBranding, PortalSession } from '../../../shared/contracts/portal-client';
import type { PortalMode, PortalPage } from '../navigation/paths';

/** What every signed-in page knows: where it runs, the portal, the session and the way to other pages. */
export interface SignedIn {
  mode: PortalMode;
  portalId: string;
  session: PortalSession;
  branding: PortalBranding | undefined;
  /** The path of another page of this portal. */
  pathTo: (page: PortalPage) => string;
  /** The path of one project's page. */
  projectPathTo: (projectId: string) => string;
  /** The path of one file's page. */
  filePathTo: (fileId: string) => string;
  /** The path of one invoice's page. */
  invoicePathTo: (invoiceId: string) => string;
  /** The path of one quote's page (issue 28). */
  quotePathTo: (quoteId: string) => string;
}

export const SignedInContext = createContext<SignedIn | null>(null);

/** The signed-in portal's context (inside `SignedInApp`). */
export function useSignedIn(): SignedIn {
  const value = useContext(SignedInContext);
  if (!value) throw new Error('useSignedIn must be used inside <SignedInApp>');
  return value;
}
