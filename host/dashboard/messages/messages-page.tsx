import { useTranslation } from '../../../shared/i18n/react';
import { Navigate, Route, Routes, useParams } from '../../../shared/router';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { MessagesLayout } from './messages-layout';
import { MESSAGES_BASE } from './paths';

function Selected() {
  const { projectId } = useParams();
  return <MessagesLayout selectedId={projectId ?? null} />;
}

/**
 * /dashboard/messages (spec §2, issue 19), a host page with its own texts (i18n namespace `messages`):
 * every conversation at the root, `{projectId}` opens one (beside the list from 768 px, alone below).
 */
export default function MessagesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.messages'));
  return (
    <Routes>
      <Route index element={<MessagesLayout selectedId={null} />} />
      <Route path=":projectId" element={<Selected />} />
      <Route path="*" element={<Navigate to={MESSAGES_BASE} replace />} />
    </Routes>
  );
}
