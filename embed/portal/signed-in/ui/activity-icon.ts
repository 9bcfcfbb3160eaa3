import {
  Bell,
  CalendarCheck,
  CalendarClock,
  CalendarX,
  FileCheck,
  FileSignature,
  FileUp,
  FolderKanban,
  type LucideIcon,
  MessageSquare,
  Receipt,
  RefreshCw,
} from 'lucide-react';
import type { ActivityType } from '../../../../shared/contracts/activity';

const ICONS: Record<ActivityType, LucideIcon> = {
  message: MessageSquare,
  file_upload: FileUp,
  file_approval: FileCheck,
  invoice_created: Receipt,
  invoice_status: Receipt,
  quote_status: FileSignature,
  booking_created: CalendarCheck,
  booking_rescheduled: CalendarClock,
  booking_cancelled: CalendarX,
  project_created: FolderKanban,
  project_updated: RefreshCw,
  project_status: RefreshCw,
};

/** The icon of an activity item or notification, by its type (a type added later gets a bell). */
export const activityIcon = (type: string): LucideIcon => ICONS[type as ActivityType] ?? Bell;
