import { GraduationCap, ShieldCheck, Users } from 'lucide-react';
import { css } from 'styled-system/css';
import { flex, grid } from 'styled-system/patterns';
import { Card, CardBody } from '../../ui';
import { t } from '../../i18n';
import { LandingSection } from './section-heading';

export function Features() {
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
    <LandingSection
      id="features"
      eyebrow={t('landing.features.eyebrow')}
      title={t('landing.features.title')}
      description={t('landing.features.description')}
    >
      <ul className={grid({ gap: '6', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, listStyle: 'none' })}>
        {features.map((feature) => (
          <Card as="li" key={feature.title} variant="outline">
            <CardBody className={css({ gap: '4', py: '7' })}>
              <span
                className={flex({
                  align: 'center',
                  justify: 'center',
                  width: '12',
                  height: '12',
                  borderRadius: 'lg',
                  bg: 'brand.subtle',
                  color: 'brand.solid',
                  '& svg': { width: '6', height: '6' },
                })}
              >
                {feature.icon}
              </span>
              <h3 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{feature.title}</h3>
              <p className={css({ color: 'fg.muted', fontSize: 'sm', lineHeight: '1.6' })}>{feature.text}</p>
            </CardBody>
          </Card>
        ))}
      </ul>
    </LandingSection>
  );
}
