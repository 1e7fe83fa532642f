import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileDown, MonitorSmartphone, PenLine, QrCode, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { Link } from 'wouter';
import { saveBlob } from '../../api/certificates';
import {
  attendanceSheet,
  sessionQueries,
  sessionWrites,
  type SessionDetail,
  type SessionScope,
} from '../../api/session-queries';
import { useWrite } from '../../api/writes';
import { formatDateTime } from '../../format';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { Alert, Button, Card, CardBody, flipInRtl, textLink, toaster } from '../../ui';
import { PageHeader } from '../page-header';
import { QueryState } from '../query-state';
import { SignOffDialog } from './session-dialogs';
import { SessionFacts, SessionStatusChip } from './session-labels';
import { PersonSearch } from './person-search';
import { SessionRoster } from './session-roster';

/**
 * One classroom session for whoever runs it: the administrator (`scope` admin, /admin/sessions/:id)
 * or a trainer who need not be one (`scope` trainer, /sessions/:id). The same roster, walk-ins,
 * sign-off, amendments and sheet; inviting is the administrator's.
 */
export function SessionDetailScreen({ scope, id, backHref }: { scope: SessionScope; id: string; backHref: string }) {
  const query = useQuery(sessionQueries.one(scope, id));
  const session = query.data?.session;
  useDocumentTitle(session?.title ?? t('sessions.detail.title'));
  return (
    <>
      <Link href={backHref} className={backClass}>
        <ArrowLeft aria-hidden size={16} className={flipInRtl} />
        {t('sessions.detail.back')}
      </Link>
      <QueryState
        query={query}
        loadingLabel={t('sessions.detail.loading')}
        failureMessage={t('sessions.detail.failed')}
      >
        {session ? <SessionBody scope={scope} session={session} /> : null}
      </QueryState>
    </>
  );
}

function SessionBody({ scope, session }: { scope: SessionScope; session: SessionDetail }) {
  const [signing, setSigning] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const signedOff = session.status === 'SIGNED_OFF';
  const present = session.roster.filter((entry) => entry.attendance?.present).length;
  const walkIn = useWrite(sessionWrites.mark, {
    onSuccess: () => toaster.create({ type: 'success', title: t('sessions.walkIn.done') }),
    onError: (e) => toaster.create({ type: 'error', title: errorText(e, t('sessions.mark.failed')) }),
  });
  const invite = useWrite(sessionWrites.invite, {
    onSuccess: (r) => toaster.create({ type: 'success', title: t('sessions.invite.done', { count: r.invited }) }),
    onError: (e) => toaster.create({ type: 'error', title: errorText(e, t('sessions.invite.failed')) }),
  });
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await attendanceSheet(scope, session.id), `attendance-${session.id}.pdf`);
    } catch (e) {
      toaster.create({ type: 'error', title: errorText(e, t('sessions.sheet.failed')) });
    } finally {
      setDownloading(false);
    }
  };
  const onRoster = session.roster.map((entry) => entry.id);
  const presentIds = session.roster.filter((entry) => entry.attendance?.present).map((entry) => entry.id);
  return (
    <>
      <PageHeader
        title={session.title}
        subtitle={<SessionStatusChip session={session} />}
        actions={
          signedOff ? null : (
            <Button leftIcon={<PenLine />} onClick={() => setSigning(true)}>
              {t('sessions.signOff.open')}
            </Button>
          )
        }
      />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
        <Card>
          <CardBody>
            <SessionFacts session={session} />
            <div className={actionsClass}>
              <Link href={`/sessions/${encodeURIComponent(session.id)}/qr`} className={linkButton}>
                <QrCode aria-hidden size={18} />
                {t('sessions.detail.showCode')}
              </Link>
              <Link href={`/sessions/${encodeURIComponent(session.id)}/kiosk`} className={linkButton}>
                <MonitorSmartphone aria-hidden size={18} />
                {t('sessions.detail.openKiosk')}
              </Link>
              <Button
                variant="outline"
                leftIcon={<FileDown />}
                loading={downloading}
                onClick={() => void download()}
                className={css({ minH: '44px' })}
              >
                {t('sessions.sheet.download')}
              </Button>
            </div>
          </CardBody>
        </Card>
        {signedOff && session.signedOff ? (
          <Alert status="success" title={t('sessions.signedOff.title')}>
            {t('sessions.signedOff.text', {
              name: session.signedOff.name,
              at: formatDateTime(session.signedOff.at),
              meaning: session.signedOff.meaning,
            })}{' '}
            {session.signedOff.provider
              ? t('sessions.signedOff.provider', { provider: session.signedOff.provider })
              : null}
          </Alert>
        ) : null}
        <section aria-labelledby="session-roster" className={sectionClass}>
          <h2 id="session-roster" className={headingClass}>
            {t('sessions.roster.heading', { present, count: session.roster.length })}
          </h2>
          <SessionRoster scope={scope} session={session} />
        </section>
        {signedOff ? null : (
          <section aria-labelledby="session-add" className={sectionClass}>
            <h2 id="session-add" className={headingClass}>
              {t('sessions.add.heading')}
            </h2>
            <div className={twoColumns}>
              <PersonSearch
                target={{ scope, id: session.id }}
                label={t('sessions.walkIn.label')}
                actionLabel={t('sessions.walkIn.action')}
                actionAria={(name) => t('sessions.walkIn.aria', { name })}
                busy={walkIn.isPending}
                exclude={presentIds}
                onPick={(person) => walkIn.mutate({ scope, id: session.id, userId: person.id, present: true })}
              />
              {scope === 'admin' ? (
                <PersonSearch
                  target={{ scope, id: session.id }}
                  label={t('sessions.invite.label')}
                  actionLabel={t('sessions.invite.action')}
                  actionAria={(name) => t('sessions.invite.aria', { name })}
                  busy={invite.isPending}
                  exclude={onRoster}
                  onPick={(person) => invite.mutate({ id: session.id, body: { userIds: [person.id] } })}
                />
              ) : null}
            </div>
          </section>
        )}
        {session.amendments.length > 0 ? <Amendments session={session} /> : null}
      </div>
      <SignOffDialog
        scope={scope}
        sessionId={session.id}
        present={present}
        open={signing}
        onClose={() => setSigning(false)}
      />
    </>
  );
}

function Amendments({ session }: { session: SessionDetail }) {
  const nameOf = (userId: string) => session.roster.find((entry) => entry.id === userId)?.name ?? userId;
  const presentOf = (version: unknown) =>
    (version as { present?: boolean } | null)?.present
      ? t('sessions.attendance.present')
      : version
        ? t('sessions.attendance.absent')
        : t('sessions.attendance.unmarked');
  return (
    <section aria-labelledby="session-amendments" className={sectionClass}>
      <h2 id="session-amendments" className={headingClass}>
        <UserCheck aria-hidden size={18} className={css({ display: 'inline', me: '2' })} />
        {t('sessions.amendments.heading')}
      </h2>
      <ol className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {session.amendments.map((a) => (
          <li
            key={`${a.userId}-${a.at}`}
            className={css({
              borderWidth: '1px',
              borderColor: 'border.default',
              borderRadius: 'md',
              p: '3',
              bg: 'bg.surface',
            })}
          >
            <bdi className={css({ fontWeight: 'medium' })}>{nameOf(a.userId)}</bdi>
            {': '}
            {t('sessions.amendments.change', { before: presentOf(a.before), after: presentOf(a.after) })}
            <div className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {t('sessions.amendments.why', { reason: a.reason, at: formatDateTime(a.at) })}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

const backClass = cx(textLink({ touch: true, strong: true }), css({ mb: '2' }));
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '4' });
const linkButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minH: '44px',
  px: '4',
  borderWidth: '1px',
  borderColor: 'brand.solid',
  borderRadius: 'md',
  color: 'brand.fg',
  fontSize: 'sm',
  fontWeight: 'semibold',
  _hover: { bg: 'brand.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
});
const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const headingClass = css({ fontSize: 'lg', fontWeight: 'semibold' });
const twoColumns = css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, gap: '6' });
