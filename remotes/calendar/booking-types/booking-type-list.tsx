import { CalendarClock } from 'lucide-react';
import type { BookingType } from '../../../shared/contracts/booking-types';
import { Link, useNavigate } from '../../../shared/router';
import type { Column } from '../../../shared/ui/data-table';
import { ListPage } from '../../../shared/ui/list-page';
import { StatusBadge, type StatusMap } from '../../../shared/ui/status-badge';
import { oneOf, useListParams } from '../../../shared/ui/use-list-url';
import { useBookingTypeList } from './api';
import { BOOKING_TYPES_BASE } from './base';
import { durationText, whoText } from './format';
import { OverridesCard } from './overrides-card';
import { type T, useBookingTexts } from './texts';

const ACTIVE = ['active', 'inactive'] as const;
type Active = (typeof ACTIVE)[number];
const ACTIVE_STATUS: StatusMap<Active> = {
  active: { label: 'status.active', tone: 'success' },
  inactive: { label: 'status.inactive', tone: 'neutral' },
};
const activeOf = (type: BookingType): Active => (type.active ? 'active' : 'inactive');

function NameLink({ type }: { type: BookingType }) {
  return (
    <Link
      className="font-medium text-ink underline-offset-4 hover:underline"
      to={`${BOOKING_TYPES_BASE}/${type.id}`}
    >
      {type.name}
    </Link>
  );
}

function columns(t: T): Column<BookingType>[] {
  return [
    { id: 'name', header: t('columns.name'), long: (r) => r.name, cell: (r) => <NameLink type={r} /> },
    {
      id: 'duration',
      header: t('columns.duration'),
      className: 'tabular-nums',
      cell: (r) => durationText(t, r.durationMinutes),
    },
    { id: 'location', header: t('columns.location'), cell: (r) => t(`location.${r.locationKind}`) },
    {
      id: 'who',
      header: t('columns.who'),
      long: (r) => whoText(t, r),
      cell: (r) => whoText(t, r),
      hideBelow: '4xl',
    },
    {
      id: 'active',
      header: t('columns.active'),
      cell: (r) => <StatusBadge status={activeOf(r)} map={ACTIVE_STATUS} t={t} />,
    },
  ];
}

function BookingTypeCard({ type }: { type: BookingType }) {
  const { t } = useBookingTexts();
  return (
    <div className="grid gap-2 rounded-2xl border border-line p-4">
      <div className="flex items-start justify-between gap-3">
        <NameLink type={type} />
        <StatusBadge status={activeOf(type)} map={ACTIVE_STATUS} t={t} />
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <span>{durationText(t, type.durationMinutes)}</span>
        <span>{t(`location.${type.locationKind}`)}</span>
        <span>{whoText(t, type)}</span>
      </div>
    </div>
  );
}

/** The provider's booking types, newest first, with the holidays for every type under them. */
export function BookingTypeList() {
  const { t } = useBookingTexts();
  const navigate = useNavigate();
  const params = useListParams({ filters: { status: ACTIVE } });
  const status = oneOf(params.filters.status ?? null, ACTIVE, '');
  const list = useBookingTypeList({
    ...(params.q ? { q: params.q } : {}),
    ...(status ? { active: status === 'active' ? 'true' : 'false' } : {}),
  });
  return (
    <div className="grid gap-8">
      <ListPage
        t={t}
        params={params}
        query={list}
        columns={columns(t)}
        rowKey={(r) => r.id}
        card={(r) => <BookingTypeCard type={r} />}
        sortable={false}
        filters={[
          {
            key: 'status',
            label: t('filters.status'),
            allLabel: t('filters.all'),
            options: ACTIVE.map((value) => ({ value, label: t(`status.${value}`) })),
          },
        ]}
        create={{ onCreate: () => navigate(`${BOOKING_TYPES_BASE}/new`) }}
        empty={{ icon: CalendarClock }}
      />
      <OverridesCard typeId={null} />
    </div>
  );
}
