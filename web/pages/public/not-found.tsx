import { Compass } from 'lucide-react';
import { css } from 'styled-system/css';
import { flex, stack } from 'styled-system/patterns';
import { Link } from 'wouter';
import { Brand } from '../../components/brand';
import { useAccess } from '../../components/route-guards';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Button, EmptyState } from '../../ui';
import { t } from '../../i18n';

/**
 * 404 "Page Not Found". "Go to Dashboard" goes to /admin for admins and to / otherwise.
 * `embedded` renders it inside a shell for unknown sub-paths of a signed-in area.
 */
export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  useDocumentTitle(t('notFound.title'));
  const { isAdmin } = useAccess();
  const content = (
    <EmptyState
      icon={<Compass />}
      headingLevel="h1"
      title={
        <span className={stack({ gap: '2', align: 'center' })}>
          <span
            className={css({
              fontSize: '5xl',
              fontWeight: 'extrabold',
              color: 'brand.solid',
              letterSpacing: '-0.04em',
              lineHeight: '1',
            })}
            aria-hidden
          >
            404
          </span>
          <span className={css({ fontSize: '2xl' })}>{t('notFound.title')}</span>
        </span>
      }
      description={t('notFound.text')}
      actions={
        <Button asChild size="lg">
          <Link href={isAdmin ? '/admin' : '/'}>{t('notFound.home')}</Link>
        </Button>
      }
    />
  );
  if (embedded) return content;
  return (
    <div className={flex({ direction: 'column', minH: '100dvh', bg: 'bg.canvas' })}>
      <header className={css({ px: { base: '4', sm: '8' }, py: '4' })}>
        <Brand />
      </header>
      <main className={flex({ align: 'center', justify: 'center', flex: '1', px: '4', pb: '16' })}>{content}</main>
    </div>
  );
}
