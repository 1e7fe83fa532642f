import { BellRing } from 'lucide-react';
import { css } from 'styled-system/css';
import { teamWrites } from '../../api/team-queries';
import { useWrite } from '../../api/writes';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { Button, toaster } from '../../ui';

/**
 * One tap: e-mails a team member everything they have not done (the matrix's manual reminder, at
 * most one a day); the toast says whether it went, or why not.
 */
export function RemindButton({ userId, name }: { userId: string; name: string }) {
  const remind = useWrite(teamWrites.remind, {
    onSuccess: (result) => {
      const skipped = result.skipped[0]?.reason;
      if (!skipped) toaster.create({ type: 'success', title: t('team.remind.sent', { name }) });
      else
        toaster.create({
          type: 'info',
          title:
            skipped === 'alreadyToday'
              ? t('team.remind.alreadyToday', { name })
              : skipped === 'nothingDue'
                ? t('team.remind.nothingDue', { name })
                : t('team.remind.inactive', { name }),
        });
    },
    onError: (e) => toaster.create({ type: 'error', title: errorText(e, t('team.remind.failed')) }),
  });
  return (
    <Button
      variant="outline"
      leftIcon={<BellRing />}
      loading={remind.isPending}
      aria-label={t('team.remind.label', { name })}
      // A gloved finger on the floor: at least 44 px whatever the size.
      className={css({ minH: '44px' })}
      onClick={() => remind.mutate(userId)}
    >
      {t('team.remind.button')}
    </Button>
  );
}
