import { ArrowRight, BookOpen, CircleCheck, GraduationCap, Layers, LogIn, ShieldCheck, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Link } from 'wouter';
import type { PublicCourse } from '@contract/landing';
import { Brand } from '../../components/brand';
import { LanguageSwitcher } from '../../components/language-switcher';
import type { FromState } from '../../components/route-guards';
import { DEFAULT_ADMIN_PHONE, DEFAULT_COURSE_ICON, PRODUCT_NAME } from '../../config';
import { formatScore } from '../../format';
import { Button, Card, CardBody, Chip, Dialog, EmptyState, Skeleton } from '../../ui';
import { t } from '../../i18n';

/*
 * The landing page's markup, from props only (no session, no router state, no fetch): the client
 * renders it (landing.tsx connects it) and so does the Worker, for a visitor, through
 * web/ssr/landing-server.tsx. What the Worker cannot know (signed in, the guard's `from`) is a prop.
 */

const container = css({ width: '100%', maxW: '1200px', mx: 'auto', px: { base: '4', sm: '6', lg: '8' } });

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
    <div className={css({ display: 'flex', flexDirection: 'column', minH: '100dvh', bg: 'bg.surface' })}>
      <header className={css({ position: 'sticky', top: '0', zIndex: 'appBar', bg: 'rgb(255 255 255 / 0.9)', backdropFilter: 'saturate(180%) blur(8px)', borderBottomWidth: '1px', borderColor: 'border.muted' })}>
        <div className={cx(container, css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', h: { base: '56px', sm: '64px' }, gap: '4' }))}>
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

function Hero({ primaryAction }: { primaryAction: ReactNode }) {
  return (
    <section
      className={css({
        position: 'relative',
        overflow: 'hidden',
        bg: 'brand.950',
        color: 'white',
        backgroundImage: 'radial-gradient(ellipse at 10% -10%, rgb(39 125 149 / 0.6), transparent 55%), radial-gradient(ellipse at 100% 100%, rgb(39 125 149 / 0.35), transparent 50%)',
      })}
    >
      <div className={cx(container, css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1.1fr 0.9fr' }, gap: { base: '10', md: '12' }, alignItems: 'center', py: { base: '14', md: '24' } }))}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
          <span className={css({ display: 'inline-flex', alignSelf: 'flex-start', alignItems: 'center', gap: '2', px: '3', py: '1', borderRadius: 'full', bg: 'rgb(255 255 255 / 0.08)', borderWidth: '1px', borderColor: 'rgb(255 255 255 / 0.16)', fontSize: 'sm', color: 'brand.100' })}>
            <span className={css({ width: '2', height: '2', borderRadius: 'full', bg: 'accent.400' })} aria-hidden />
            {t('landing.hero.eyebrow')}
          </span>
          <h1 className={css({ fontSize: { base: '4xl', md: '5xl', lg: '6xl' }, fontWeight: 'extrabold', letterSpacing: '-0.035em', lineHeight: '1.05', '&:lang(ar), &:lang(hi)': { lineHeight: '1.35', letterSpacing: '0' } })}>
            {t('landing.hero.title')} <span className={css({ color: 'accent.400' })}>{t('landing.hero.titleAccent')}</span>
          </h1>
          <p className={css({ fontSize: { base: 'lg', md: 'xl' }, color: 'brand.100', maxW: '560px', lineHeight: '1.6' })}>
            {t('landing.hero.body', { product: PRODUCT_NAME })}
          </p>
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', '& .button': { h: '12', px: '6', fontSize: 'md' } })}>
            {primaryAction}
            <Button asChild variant="outline" size="lg" className={css({ bg: 'transparent', color: 'white', borderColor: 'rgb(255 255 255 / 0.3)', _hover: { bg: 'rgb(255 255 255 / 0.08) !important' } })}>
              <a href="#courses">{t('landing.exploreCourses')}</a>
            </Button>
          </div>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

/** A product-like preview card rather than stock art: it shows what learners actually get. */
function HeroIllustration() {
  const steps = [
    { label: t('landing.preview.step1'), done: true },
    { label: t('landing.preview.step2'), done: true },
    { label: t('landing.preview.step3'), done: false },
    { label: t('landing.preview.step4'), done: false },
  ];
  return (
    <div aria-hidden className={css({ display: { base: 'none', sm: 'block' }, position: 'relative', maxW: '440px', justifySelf: { md: 'end' }, width: '100%' })}>
      <div className={css({ bg: 'bg.surface', color: 'fg.default', borderRadius: '2xl', boxShadow: '0 30px 60px -20px rgb(0 0 0 / 0.45)', p: '6', display: 'flex', flexDirection: 'column', gap: '5' })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
          <img src={DEFAULT_COURSE_ICON} alt="" width={44} height={44} className={css({ width: '11', height: '11', borderRadius: 'lg' })} />
          <div className={css({ flex: '1', minW: 0 })}>
            <p className={css({ fontWeight: 'semibold' })}>{t('landing.preview.course')}</p>
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('landing.preview.book')}</p>
          </div>
          <Chip palette="warning">{t('landing.preview.inProgress')}</Chip>
        </div>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <div className={css({ display: 'flex', justifyContent: 'space-between', fontSize: 'sm' })}>
            <span className={css({ color: 'fg.muted' })}>{t('landing.preview.progress')}</span>
            <span className={css({ fontWeight: 'semibold' })}>{formatScore(50)}</span>
          </div>
          <div className={css({ h: '2', borderRadius: 'full', bg: 'bg.subtle', overflow: 'hidden' })}>
            <div className={css({ h: '100%', width: '50%', bg: 'brand.solid', borderRadius: 'full' })} />
          </div>
        </div>
        <ol className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '2.5' })}>
          {steps.map((step, index) => (
            <li key={step.label} className={css({ display: 'flex', alignItems: 'center', gap: '3', fontSize: 'sm' })}>
              {step.done ? (
                <CircleCheck size={20} className={css({ color: 'success.solid' })} />
              ) : (
                <span className={css({ width: '5', height: '5', borderRadius: 'full', borderWidth: '2px', borderColor: index === 2 ? 'brand.solid' : 'border.strong' })} />
              )}
              <span className={css({ color: step.done ? 'fg.muted' : 'fg.default', fontWeight: index === 2 ? 'semibold' : 'normal' })}>{step.label}</span>
            </li>
          ))}
        </ol>
      </div>
      <div className={css({ position: 'absolute', bottom: '-7', insetEnd: { base: '-2', md: '-6' }, bg: 'bg.surface', color: 'fg.default', borderRadius: 'xl', boxShadow: 'xl', px: '4', py: '3', display: 'flex', alignItems: 'center', gap: '3' })}>
        <span className={css({ display: 'flex', width: '9', height: '9', borderRadius: 'full', bg: 'success.subtle', color: 'success.solid', alignItems: 'center', justifyContent: 'center' })}>
          <ShieldCheck size={18} />
        </span>
        <div>
          <p className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{t('landing.preview.certificate')}</p>
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('landing.preview.verifiable')}</p>
        </div>
      </div>
    </div>
  );
}

function SectionHeading({ eyebrow, title, description, id }: { eyebrow: string; title: string; description: string; id: string }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', maxW: '640px', mb: { base: '8', md: '12' } })}>
      <span className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'accent.fg', textTransform: 'uppercase', letterSpacing: '0.08em' })}>{eyebrow}</span>
      <h2 id={id} className={css({ fontSize: { base: '2xl', md: '4xl' }, fontWeight: 'bold', letterSpacing: '-0.025em', lineHeight: '1.15' })}>
        {title}
      </h2>
      <p className={css({ fontSize: { base: 'md', md: 'lg' }, color: 'fg.muted', lineHeight: '1.6' })}>{description}</p>
    </div>
  );
}

function Features() {
  const features = [
    {
      icon: <GraduationCap />,
      title: t('landing.features.expert.title'),
      text: t('landing.features.expert.text'),
    },
    {
      icon: <Users />,
      title: t('landing.features.community.title'),
      text: t('landing.features.community.text'),
    },
    {
      icon: <ShieldCheck />,
      title: t('landing.features.secure.title'),
      text: t('landing.features.secure.text'),
    },
  ];
  return (
    <section id="features" aria-labelledby="features-title" className={css({ py: { base: '16', md: '24' }, scrollMarginTop: '64px' })}>
      <div className={container}>
        <SectionHeading id="features-title" eyebrow={t('landing.features.eyebrow')} title={t('landing.features.title')} description={t('landing.features.description')} />
        <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, gap: '6', listStyle: 'none' })}>
          {features.map((feature) => (
            <Card as="li" key={feature.title} variant="outline">
              <CardBody className={css({ gap: '4', py: '7' })}>
                <span className={css({ display: 'flex', alignItems: 'center', justifyContent: 'center', width: '12', height: '12', borderRadius: 'lg', bg: 'brand.subtle', color: 'brand.solid', '& svg': { width: '6', height: '6' } })}>{feature.icon}</span>
                <h3 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{feature.title}</h3>
                <p className={css({ color: 'fg.muted', fontSize: 'sm', lineHeight: '1.6' })}>{feature.text}</p>
              </CardBody>
            </Card>
          ))}
        </ul>
      </div>
    </section>
  );
}

export type CoursesState = { status: 'loading' } | { status: 'ready'; courses: PublicCourse[] } | { status: 'failed' };

function SampleCourses({ state }: { state: CoursesState }) {
  return (
    <section id="courses" aria-labelledby="courses-title" className={css({ py: { base: '16', md: '24' }, bg: 'bg.canvas', scrollMarginTop: '64px' })}>
      <div className={container}>
        <SectionHeading id="courses-title" eyebrow={t('landing.courses.eyebrow')} title={t('landing.courses.title')} description={t('landing.courses.description')} />
        {state.status === 'loading' ? (
          <div className={courseGrid} aria-busy="true" aria-label={t('landing.courses.loading')}>
            {[0, 1, 2].map((key) => (
              <Card key={key}>
                <CardBody className={css({ gap: '4' })}>
                  <Skeleton className={css({ width: '12', height: '12', borderRadius: 'lg' })} />
                  <Skeleton className={css({ height: '5', width: '70%' })} />
                  <Skeleton className={css({ height: '4', width: '100%' })} />
                  <Skeleton className={css({ height: '4', width: '85%' })} />
                </CardBody>
              </Card>
            ))}
          </div>
        ) : state.status === 'ready' && state.courses.length > 0 ? (
          <ul className={courseGrid}>
            {state.courses.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </ul>
        ) : (
          <EmptyState
            bordered
            icon={<BookOpen />}
            title={t('landing.courses.emptyTitle')}
            description={t('landing.courses.emptyText')}
            actions={
              <Button asChild variant="outline">
                <Link href="/login">{t('landing.signIn')}</Link>
              </Button>
            }
          />
        )}
      </div>
    </section>
  );
}

function CourseCard({ course }: { course: PublicCourse }) {
  const [icon, setIcon] = useState(course.icon || DEFAULT_COURSE_ICON);
  return (
    <Card as="li" variant="outline" interactive>
      <CardBody className={css({ gap: '4', py: '6' })}>
        <div className={css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' })}>
          <img src={icon} alt="" width={48} height={48} onError={() => setIcon(DEFAULT_COURSE_ICON)} className={css({ width: '12', height: '12', borderRadius: 'lg', objectFit: 'cover', bg: 'bg.subtle' })} />
          <Chip palette="brand">{course.domain?.name || t('landing.courses.defaultBook')}</Chip>
        </div>
        <h3 className={css({ fontSize: 'lg', fontWeight: 'semibold', lineHeight: '1.35' })}>{course.title}</h3>
        <p className={css({ color: 'fg.muted', fontSize: 'sm', lineHeight: '1.6', lineClamp: '3', flex: '1' })}>{course.description || t('landing.courses.defaultDescription')}</p>
        <p className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.subtle', pt: '3', borderTopWidth: '1px', borderColor: 'border.muted' })}>
          <Layers size={16} aria-hidden />
          {t('landing.courses.modules', { count: course.componentCount })}
        </p>
      </CardBody>
    </Card>
  );
}

function FeedbackSection({ form }: { form: ReactNode }) {
  return (
    <section id="feedback" aria-label={t('landing.feedback.label')} className={css({ py: { base: '16', md: '24' }, scrollMarginTop: '64px' })}>
      <div className={cx(container, css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '0.9fr 1.1fr' }, gap: { base: '8', md: '16' }, alignItems: 'start' }))}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', position: { md: 'sticky' }, top: '24' })}>
          <span className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'accent.fg', textTransform: 'uppercase', letterSpacing: '0.08em' })}>{t('landing.feedback.eyebrow')}</span>
          <p className={css({ fontSize: { base: '2xl', md: '4xl' }, fontWeight: 'bold', letterSpacing: '-0.025em', lineHeight: '1.15' })}>{t('landing.feedback.title')}</p>
          <p className={css({ color: 'fg.muted', fontSize: { base: 'md', md: 'lg' }, lineHeight: '1.6' })}>
            {t('landing.feedback.text')}
          </p>
          <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2.5', listStyle: 'none', mt: '2' })}>
            {[t('landing.feedback.point1'), t('landing.feedback.point2'), t('landing.feedback.point3')].map((text) => (
              <li key={text} className={css({ display: 'flex', alignItems: 'center', gap: '2.5', fontSize: 'sm', color: 'fg.default' })}>
                <CircleCheck size={18} aria-hidden className={css({ color: 'success.solid' })} />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <Card variant="elevated">
          <CardBody className={css({ p: { base: '5', sm: '8' } })}>
            {form}
          </CardBody>
        </Card>
      </div>
    </section>
  );
}

function CallToAction({ signedIn, from, home }: { signedIn: boolean; from?: string; home: string }) {
  return (
    <section aria-labelledby="cta-title" className={css({ pb: { base: '16', md: '24' } })}>
      <div className={container}>
        <div
          className={css({
            borderRadius: '2xl',
            px: { base: '6', md: '14' },
            py: { base: '10', md: '14' },
            bg: 'brand.800',
            backgroundImage: 'radial-gradient(circle at 100% 0%, rgb(65 153 176 / 0.45), transparent 50%)',
            color: 'white',
            display: 'flex',
            flexDirection: { base: 'column', md: 'row' },
            alignItems: { base: 'flex-start', md: 'center' },
            justifyContent: 'space-between',
            gap: '6',
          })}
        >
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <h2 id="cta-title" className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', letterSpacing: '-0.02em' })}>
              {t('landing.cta.title')}
            </h2>
            <p className={css({ color: 'brand.100' })}>{t('landing.cta.text')}</p>
          </div>
          <Button asChild palette="accent" size="lg" className={css({ h: '12', px: '6', fontSize: 'md' })}>
            {signedIn ? (
              <Link href={home}>
                {t('landing.goToDashboard')} <ArrowRight />
              </Link>
            ) : (
              <Link href="/login" state={from ? ({ from } satisfies FromState) : undefined}>
                {t('landing.cta.start')} <ArrowRight />
              </Link>
            )}
          </Button>
        </div>
      </div>
    </section>
  );
}

type InfoTopic = 'privacy' | 'terms' | 'contact';

// A function, not a constant: the texts are read in the current language.
const INFO = (): Record<InfoTopic, { label: string; title: string; body: ReactNode }> => ({
  privacy: {
    label: t('landing.info.privacy'),
    title: t('landing.info.privacy'),
    body: (
      <>
        <p>{t('landing.info.privacy1')}</p>
        <p>{t('landing.info.privacy2')}</p>
      </>
    ),
  },
  terms: {
    label: t('landing.info.terms'),
    title: t('landing.info.termsTitle'),
    body: (
      <>
        <p>{t('landing.info.terms1')}</p>
        <p>{t('landing.info.terms2')}</p>
      </>
    ),
  },
  contact: {
    label: t('landing.info.contact'),
    title: t('landing.info.contact'),
    body: (
      <>
        <p>{t('landing.info.contact1')}</p>
        <p>
          {t('landing.info.phone')} <strong dir="ltr">{DEFAULT_ADMIN_PHONE}</strong> {t('landing.info.timezone')}
        </p>
      </>
    ),
  },
});

function Footer() {
  const [topic, setTopic] = useState<InfoTopic | null>(null);
  const info = topic ? INFO()[topic] : null;
  return (
    <footer className={css({ borderTopWidth: '1px', borderColor: 'border.default', bg: 'bg.canvas' })}>
      <div className={cx(container, css({ display: 'flex', flexDirection: { base: 'column', md: 'row' }, alignItems: { base: 'flex-start', md: 'center' }, justifyContent: 'space-between', gap: '6', py: '10' }))}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <Brand />
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {t('landing.footer.tagline', { year: String(new Date().getFullYear()), product: PRODUCT_NAME })}
          </p>
        </div>
        <nav aria-label={t('landing.footer.label')}>
          <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: { base: '4', sm: '6' }, listStyle: 'none', fontSize: 'sm' })}>
            {(['privacy', 'terms', 'contact'] as const).map((key) => (
              <li key={key}>
                <button type="button" className={footerLink} onClick={() => setTopic(key)} aria-haspopup="dialog">
                  {INFO()[key].label}
                </button>
              </li>
            ))}
            <li>
              <Link href="/statecharts" className={footerLink}>
                {t('landing.footer.statecharts')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <Dialog
        open={topic !== null}
        onOpenChange={(open) => !open && setTopic(null)}
        title={info?.title ?? ''}
        footer={
          <Button variant="outline" onClick={() => setTopic(null)}>
            {t('common.close')}
          </Button>
        }
      >
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', color: 'fg.muted', lineHeight: '1.6' })}>{info?.body}</div>
      </Dialog>
    </footer>
  );
}

const sectionLink = css({ px: '3', py: '2', borderRadius: 'md', fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted', textDecoration: 'none', _hover: { color: 'fg.default', bg: 'bg.subtle' } });
const footerLink = css({ color: 'fg.muted', textDecoration: 'none', cursor: 'pointer', borderRadius: 'sm', _hover: { color: 'fg.default', textDecoration: 'underline', textUnderlineOffset: '3px' } });
const courseGrid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: '6', listStyle: 'none' });
