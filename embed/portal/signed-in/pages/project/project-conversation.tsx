import { Conversation } from '../../../../../shared/conversation/conversation';
import { Card } from '../../../../../shared/ui/card';
import { useI18n } from '../../../i18n/i18n-context';
import { usePortalConversation } from '../../messages/portal-conversation';
import { useSignedIn } from '../../signed-in-context';

/** The project's conversation with the provider (spec §3: one per project), on the project's page. */
export function ProjectConversation({ projectId }: { projectId: string }) {
  const { t } = useI18n();
  const { portalId } = useSignedIn();
  const conversation = usePortalConversation(portalId, projectId);
  return (
    <section aria-labelledby="project-conversation" className="grid content-start gap-3">
      <h2 id="project-conversation" className="text-lg font-semibold">
        {t('project.conversation')}
      </h2>
      <Card className="h-[32rem] overflow-hidden">
        <Conversation {...conversation} />
      </Card>
    </section>
  );
}
