import { CalendarPlus } from 'lucide-react';
import { useLocation, useParams } from 'wouter';
import { PageHeader } from '../../components/page-header';
import { SessionDetailScreen } from '../../components/sessions/session-detail';
import { SessionList } from '../../components/sessions/session-list';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { Button } from '../../ui';

/** /admin/sessions: every classroom session, upcoming and past, with its status (Module Management). */
export function AdminSessionsPage() {
  useDocumentTitle(t('sessions.admin.title'));
  const [, navigate] = useLocation();
  const schedule = (
    <Button leftIcon={<CalendarPlus />} onClick={() => navigate('/admin/sessions/new')}>
      {t('sessions.admin.schedule')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('sessions.admin.title')} subtitle={t('sessions.admin.subtitle')} actions={schedule} />
      <SessionList scope="admin" hrefOf={(id) => `/admin/sessions/${encodeURIComponent(id)}`} emptyAction={schedule} />
    </>
  );
}

/** /admin/sessions/:id: the roster, walk-ins, invitations, sign-off and amendments. */
export function AdminSessionPage() {
  const { id } = useParams<{ id: string }>();
  return <SessionDetailScreen scope="admin" id={id} backHref="/admin/sessions" />;
}
