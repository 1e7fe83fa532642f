import { ArrowRight, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { flex, hstack } from 'styled-system/patterns';
import { Link } from 'wouter';
import { Brand } from '../../components/brand';
import { CallToAction } from '../../components/landing/call-to-action';
import { FeedbackSection } from '../../components/landing/feedback-section';
import { Features } from '../../components/landing/features';
import { Footer } from '../../components/landing/footer';
import { Hero } from '../../components/landing/hero';
import { SampleCourses, type CoursesState } from '../../components/landing/sample-courses';
import { container } from '../../components/landing/section-heading';
import { LanguageSwitcher } from '../../components/language-switcher';
import type { FromState } from '../../components/route-guards';
import { Button, Skeleton } from '../../ui';
import { t } from '../../i18n';

/*
 * The landing page's markup, from props only (no session, no router state, no fetch): the client
 * renders it (landing.tsx connects it) and so does the Worker, for a visitor, through
 * web/ssr/landing-server.tsx. What the Worker cannot know (signed in, the guard's `from`) is a prop.
 * Its sections are in web/components/landing/.
 */

export type { CoursesState };

/** Stands for the feedback form until its chunk arrives (and in the Worker's copy of the page). */
export function FeedbackFormPlaceholder() {
  return <Skeleton className={css({ height: '560px' })} />;
}

export interface LandingViewProps {
  signedIn: boolean;
  /** Where "Go to Dashboard" leads a signed-in user. */
  home: string;
  /** The protected path a guard turned the visitor away from (Login returns there). */
  from?: string;
  courses: CoursesState;
  feedbackForm: ReactNode;
  /** Client-only parts (the toaster). */
  children?: ReactNode;
}

/** The landing page's markup, from props only: the client renders it, and so does the Worker. */
export function LandingView({ signedIn, home, from, courses, feedbackForm, children }: LandingViewProps) {
  const loginAction = signedIn ? (
    <Button asChild size="md">
      <Link href={home}>
        {t('landing.goToDashboard')} <ArrowRight />
      </Link>
    </Button>
  ) : (
    <Button asChild size="md">
      <Link href="/login" state={from ? ({ from } satisfies FromState) : undefined}>
        <LogIn /> {t('landing.login')}
      </Link>
    </Button>
  );

  return (
    <div className={flex({ direction: 'column', minH: '100dvh', bg: 'bg.surface' })}>
      <header
        className={css({
          position: 'sticky',
          top: '0',
          zIndex: 'appBar',
          bg: 'rgb(255 255 255 / 0.9)',
          backdropFilter: 'saturate(180%) blur(8px)',
          borderBottomWidth: '1px',
          borderColor: 'border.muted',
        })}
      >
        <div className={cx(container, hstack({ justify: 'space-between', gap: '4', h: { base: '56px', sm: '64px' } }))}>
          {/* The name gives way (ellipsis) on a phone, so the language switcher and Login always fit. */}
          <Brand className={css({ minW: 0, flexShrink: 1, '& > span': { truncate: true } })} />
          <nav aria-label={t('landing.sections')} className={css({ display: { base: 'none', md: 'flex' }, gap: '1' })}>
            <a href="#features" className={sectionLink}>
              {t('landing.nav.features')}
            </a>
            <a href="#courses" className={sectionLink}>
              {t('landing.nav.courses')}
            </a>
            <a href="#feedback" className={sectionLink}>
              {t('landing.nav.feedback')}
            </a>
            {/* A page of the Worker (works without JavaScript), not a client route: a plain link. */}
            <a href="/verify" className={sectionLink}>
              {t('landing.nav.verify')}
            </a>
          </nav>
          <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexShrink: 0 })}>
            <LanguageSwitcher />
            {loginAction}
          </div>
        </div>
      </header>

      <main className={css({ flex: '1' })}>
        <Hero
          primaryAction={
            <Button asChild palette="accent" size="lg">
              {signedIn ? (
                <Link href={home}>
                  {t('landing.goToDashboard')} <ArrowRight />
                </Link>
              ) : (
                <Link href="/login" state={from ? ({ from } satisfies FromState) : undefined}>
                  <LogIn /> {t('landing.loginToStart')}
                </Link>
              )}
            </Button>
          }
        />
        <Features />
        <SampleCourses state={courses} />
        <FeedbackSection form={feedbackForm} />
        <CallToAction signedIn={signedIn} from={from} home={home} />
      </main>
      <Footer />
      {children}
    </div>
  );
}

const sectionLink = css({
  px: '3',
  py: '2',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  textDecoration: 'none',
  _hover: { color: 'fg.default', bg: 'bg.subtle' },
});
