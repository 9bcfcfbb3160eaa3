import { Check, RotateCcw, X } from 'lucide-react';
import { useId, useState } from 'react';
import {
  FEEDBACK_REQUIRED,
  FileDecisionInput,
  type FileDecisionValue,
  type FileSummary,
} from '../contracts/files';
import { Button } from '../ui/button';
import { TextareaField } from '../ui/textarea-field';
import { useFilesKit } from './kit';
import type { DraftPin } from './pin-viewer';

const ICONS: Record<FileDecisionValue, typeof Check> = {
  approved: Check,
  client_approved: Check,
  rejected: X,
  client_rejected: X,
  revision_requested: RotateCcw,
};

/**
 * The decision on the file's latest version (spec §4): one button per decision the caller may take now
 * (`file.allowedDecisions`, the contract's `decisionsFor`), a feedback field (required to reject and to
 * request a revision: checked with the contract's `FileDecisionInput` before sending, and by the server
 * again), and the draft pins, which go with the decision. Renders nothing when no decision is open.
 * `onDecide` sends it and throws an Error whose message (the server's, translated) is shown.
 */
export function DecisionPanel({
  file,
  drafts = [],
  onDecide,
}: {
  file: Pick<FileSummary, 'allowedDecisions' | 'latestVersion'>;
  drafts?: readonly DraftPin[];
  onDecide: (input: FileDecisionInput) => Promise<void>;
}) {
  const { t } = useFilesKit();
  const [feedback, setFeedback] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [sending, setSending] = useState<FileDecisionValue | null>(null);
  const titleId = useId();
  if (file.allowedDecisions.length === 0) return null;
  const needsFeedback = file.allowedDecisions.some((decision) => FEEDBACK_REQUIRED.has(decision));

  const decide = async (decision: FileDecisionValue) => {
    setFailure(undefined);
    setFieldError(undefined);
    const input: FileDecisionInput = {
      versionId: file.latestVersion.id,
      decision,
      feedback,
      pins: [...drafts],
    };
    const parsed = FileDecisionInput.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const text = t(issue?.message ?? 'validation.feedbackRequired');
      if (issue?.path[0] === 'feedback') setFieldError(text);
      else setFailure(text);
      return;
    }
    setSending(decision);
    try {
      await onDecide(input);
      setFeedback('');
    } catch (cause) {
      setFailure(cause instanceof Error && cause.message ? cause.message : t('decision.failed'));
    } finally {
      setSending(null);
    }
  };

  return (
    <section
      className="grid gap-3 rounded-2xl border border-primary/30 bg-primary-soft/30 p-4"
      aria-labelledby={titleId}
    >
      <div className="grid gap-1">
        <h2 id={titleId} className="text-base font-semibold">
          {t('decision.title', { number: file.latestVersion.number })}
        </h2>
        <p className="text-sm text-muted">{t('decision.intro')}</p>
      </div>
      <TextareaField
        label={t('decision.feedback')}
        hint={needsFeedback ? t('decision.feedbackRequiredHint') : undefined}
        value={feedback}
        error={fieldError}
        rows={3}
        maxLength={5000}
        onChange={(event) => {
          setFeedback(event.target.value);
          setFieldError(undefined);
        }}
      />
      {drafts.length > 0 ? (
        <p className="text-sm text-muted">{t('decision.pins', { count: drafts.length })}</p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {file.allowedDecisions.map((decision) => {
          const Icon = ICONS[decision];
          const approve = decision === 'approved' || decision === 'client_approved';
          return (
            <Button
              key={decision}
              variant={approve ? 'primary' : decision === 'revision_requested' ? 'secondary' : 'danger'}
              loading={sending === decision}
              disabled={sending !== null && sending !== decision}
              onClick={() => void decide(decision)}
            >
              {sending === decision ? null : <Icon aria-hidden="true" className="size-4" />}
              {t(`decision.${decision}`)}
            </Button>
          );
        })}
      </div>
    </section>
  );
}
