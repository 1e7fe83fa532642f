import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { ApiError } from '../errors';
import { languageOf, t } from '../i18n';
import { sendMail, type MailDeps } from './mail';
import { verifyPassword } from './password';
import { clearRate, judgeGuess, RATE_RULES } from './rate-limit';
import { REFUSALS } from '../contract/errors';

export const CURRENT_PASSWORD_WRONG = REFUSALS['user.currentPasswordWrong'];

/**
 * Confirms a signed-in user's current password before a change of the account's credentials
 * (password, e-mail address). A stolen session must not become an online guesser of the password:
 * wrong answers are counted per user (judgeGuess), so a burst cannot overrun the limit.
 */
export async function confirmCurrentPassword(
  db: Db,
  user: { id: string; passwordHash: string },
  candidate: string,
): Promise<void> {
  const guessKey = `pwchange:user:${user.id}`;
  if (
    !(await judgeGuess(db, guessKey, RATE_RULES.passwordChange, () => verifyPassword(candidate, user.passwordHash)))
  ) {
    throw new ApiError('VALIDATION_FAILED', CURRENT_PASSWORD_WRONG, {
      fields: { currentPassword: CURRENT_PASSWORD_WRONG },
    });
  }
  await clearRate(db, guessKey);
}

/** The old address hears of an e-mail change: whoever changed it, its owner learns where the account went. */
export async function notifyEmailChanged(
  deps: MailDeps & { config: Pick<AppConfig, 'mail' | 'appName'> },
  db: Db,
  change: { oldEmail: string; newEmail: string; name: string; language?: string | null },
): Promise<void> {
  const app = deps.config.appName;
  // In the account holder's preferred language (English when unset).
  const language = languageOf(change.language);
  await sendMail(deps, db, {
    to: change.oldEmail,
    subject: t(language, 'mail.emailChanged.subject', { app }),
    text: `${t(language, 'mail.hello', { name: change.name })}\n\n${t(language, 'mail.emailChanged.body', { app, old: change.oldEmail, new: change.newEmail })}\n\n${t(language, 'mail.emailChanged.warning')}\n`,
  });
}
