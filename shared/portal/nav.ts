import { CalendarDays, FileText, FolderKanban, LayoutDashboard, MessageSquare, Receipt } from 'lucide-react';

/** The pages of the portal's navigation (their labels are `nav.<page>` of the portal's texts). */
export type PortalNavPage = 'dashboard' | 'projects' | 'files' | 'messages' | 'invoices' | 'bookings';

/**
 * Spec §2's portal navigation, in its order: the portal's header and tab bar draw it, and so does the
 * dashboard's preview of a portal (`host/dashboard/portals/portal-preview.tsx`), so the two cannot drift.
 */
export const PORTAL_NAV: readonly { page: PortalNavPage; icon: typeof LayoutDashboard }[] = [
  { page: 'dashboard', icon: LayoutDashboard },
  { page: 'projects', icon: FolderKanban },
  { page: 'files', icon: FileText },
  { page: 'messages', icon: MessageSquare },
  { page: 'invoices', icon: Receipt },
  // Issue 30: booking a meeting.
  { page: 'bookings', icon: CalendarDays },
];
