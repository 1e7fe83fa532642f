import { useParams } from 'wouter';
import { PageHeader } from '../../components/page-header';
import { SessionDetailScreen } from '../../components/sessions/session-detail';
import { SessionList } from '../../components/sessions/session-list';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';

/** /sessions: "Sessions I teach", for a trainer who need not be an administrator. */
export function TrainerSessionsPage() {
  useDocumentTitle(t('sessions.trainer.title'));
  return (
    <>
      <PageHeader title={t('sessions.trainer.title')} subtitle={t('sessions.trainer.subtitle')} />
      <SessionList scope="trainer" hrefOf={(id) => `/sessions/${encodeURIComponent(id)}`} />
    </>
  );
}

/** /sessions/:id: the session's roster through the trainer's routes (/api/v2/sessions/{id}). */
export function TrainerSessionPage() {
  const { id } = useParams<{ id: string }>();
  return <SessionDetailScreen scope="trainer" id={id} backHref="/sessions" />;
}
